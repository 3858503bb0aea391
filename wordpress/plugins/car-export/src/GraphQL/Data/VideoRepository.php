<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Data;

use CarExport\Cars\CarRepository;
use CarExport\Media\ImageData;
use CarExport\Videos\VideoFields;

/**
 * Published videos for the home page as arrays for the Video type.
 *
 * @phpstan-type Video array{id: string, title: string, videoUrl: string, thumbnail: array<string, mixed>|null, duration: int|null}
 */
final class VideoRepository {

	/**
	 * Videos with something to play, by menu order then newest.
	 *
	 * @return list<Video>
	 */
	public function latest( int $limit ): array {
		$query = new \WP_Query(
			array(
				'post_type'              => VideoFields::POST_TYPE,
				'post_status'            => 'publish',
				'has_password'           => false,
				'orderby'                => array(
					'menu_order' => 'ASC',
					'date'       => 'DESC',
					'ID'         => 'DESC',
				),
				'posts_per_page'         => $limit,
				'no_found_rows'          => true,
				'ignore_sticky_posts'    => true,
				'update_post_meta_cache' => true,
				'update_post_term_cache' => false,
			)
		);
		$posts = array_values( array_filter( $query->posts, static fn ( mixed $post ): bool => $post instanceof \WP_Post ) );

		$attachment_ids = array();
		foreach ( $posts as $post ) {
			$attachment_ids[] = (int) get_post_meta( $post->ID, '_thumbnail_id', true );
			$attachment_ids[] = (int) get_post_meta( $post->ID, VideoFields::META_FILE, true );
		}
		ImageData::prime( $attachment_ids );

		$videos = array();
		foreach ( $posts as $post ) {
			$video = self::to_array( $post );
			if ( null !== $video ) {
				$videos[] = $video;
			}
		}
		return $videos;
	}

	/**
	 * @return Video|null null when the video has neither a file nor a URL.
	 */
	private static function to_array( \WP_Post $post ): ?array {
		$url = self::video_url( $post->ID );
		if ( '' === $url ) {
			return null;
		}
		$duration = get_post_meta( $post->ID, VideoFields::META_DURATION, true );

		return array(
			'id'        => (string) $post->ID,
			'title'     => CarRepository::plain( $post->post_title ),
			'videoUrl'  => $url,
			'thumbnail' => ImageData::from_attachment( (int) get_post_meta( $post->ID, '_thumbnail_id', true ) ),
			'duration'  => is_numeric( $duration ) && (int) $duration > 0 ? (int) $duration : null,
		);
	}

	/**
	 * An uploaded file wins over an external URL (the shared contract).
	 */
	private static function video_url( int $post_id ): string {
		$file_id = (int) get_post_meta( $post_id, VideoFields::META_FILE, true );
		if ( $file_id > 0 && 'attachment' === get_post_type( $file_id ) ) {
			$url = wp_get_attachment_url( $file_id );
			if ( is_string( $url ) && '' !== $url ) {
				return $url;
			}
		}
		$url = get_post_meta( $post_id, VideoFields::META_URL, true );
		return is_string( $url ) ? esc_url_raw( trim( $url ) ) : '';
	}
}
