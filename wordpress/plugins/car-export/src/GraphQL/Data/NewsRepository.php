<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Data;

use CarExport\Cars\CarRepository;
use CarExport\Media\ImageData;

/**
 * Published news posts (ordinary WordPress posts) as arrays for the NewsPost type.
 *
 * @phpstan-type NewsPost array<string, mixed>
 */
final class NewsRepository {

	/**
	 * @return array{nodes: list<NewsPost>, total: int}
	 */
	public function page( int $page, int $per_page ): array {
		$query = new \WP_Query(
			array(
				'post_type'              => 'post',
				'post_status'            => 'publish',
				'has_password'           => false,
				'orderby'                => array(
					'date' => 'DESC',
					'ID'   => 'DESC',
				),
				'posts_per_page'         => $per_page,
				'paged'                  => $page,
				'ignore_sticky_posts'    => true,
				// Meta and terms are primed by WP_Query in one query each.
				'update_post_meta_cache' => true,
				'update_post_term_cache' => true,
			)
		);
		$posts = array_values( array_filter( $query->posts, static fn ( mixed $post ): bool => $post instanceof \WP_Post ) );
		$total = (int) $query->found_posts;
		if ( array() === $posts && $page > 1 ) {
			// WP_Query skips its row count when a page comes back empty, but a pager past the
			// last page still needs the real total (as cars gives it), not 0.
			$total = $this->count();
		}

		return array(
			'nodes' => $this->to_arrays( $posts ),
			'total' => $total,
		);
	}

	private function count(): int {
		$query = new \WP_Query(
			array(
				'post_type'              => 'post',
				'post_status'            => 'publish',
				'has_password'           => false,
				'fields'                 => 'ids',
				'posts_per_page'         => 1,
				'update_post_meta_cache' => false,
				'update_post_term_cache' => false,
			)
		);
		return (int) $query->found_posts;
	}

	/**
	 * @return NewsPost|null
	 */
	public function find_by_slug( string $slug ): ?array {
		$slug = sanitize_title( $slug );
		if ( '' === $slug ) {
			return null;
		}
		$query = new \WP_Query(
			array(
				'post_type'      => 'post',
				'post_status'    => 'publish',
				'has_password'   => false,
				'name'           => $slug,
				'posts_per_page' => 1,
				'no_found_rows'  => true,
			)
		);
		$posts = array_values( array_filter( $query->posts, static fn ( mixed $post ): bool => $post instanceof \WP_Post ) );
		return $this->to_arrays( $posts )[0] ?? null;
	}

	/**
	 * One post in the API's shape whatever its status; callers decide who may see it (the preview).
	 *
	 * @return NewsPost
	 */
	public function from_post( \WP_Post $post ): array {
		return $this->to_arrays( array( $post ) )[0];
	}

	/**
	 * @param list<\WP_Post> $posts
	 * @return list<NewsPost>
	 */
	private function to_arrays( array $posts ): array {
		ImageData::prime( array_map( static fn ( \WP_Post $post ): int => (int) get_post_meta( $post->ID, '_thumbnail_id', true ), $posts ) );
		return array_map( array( $this, 'to_array' ), $posts );
	}

	/**
	 * @return NewsPost
	 */
	private function to_array( \WP_Post $post ): array {
		$hero_title    = CarRepository::plain( get_post_meta( $post->ID, '_news_hero_title', true ) );
		$hero_subtitle = CarRepository::plain( get_post_meta( $post->ID, '_news_hero_subtitle', true ) );

		return array(
			'id'           => (string) $post->ID,
			'databaseId'   => $post->ID,
			'slug'         => $post->post_name,
			'title'        => CarRepository::plain( $post->post_title ),
			'excerpt'      => self::excerpt( $post ),
			'content'      => CarRepository::render_content( $post->post_content ),
			'date'         => CarRepository::iso_date( $post->post_date_gmt, $post->post_date ),
			'modified'     => CarRepository::iso_date( $post->post_modified_gmt, $post->post_modified ),
			'categories'   => self::categories( $post ),
			'image'        => ImageData::from_attachment( (int) get_post_meta( $post->ID, '_thumbnail_id', true ) ),
			'keySpecs'     => self::key_specs( get_post_meta( $post->ID, '_news_key_specs', true ) ),
			'heroTitle'    => '' === $hero_title ? null : $hero_title,
			'heroSubtitle' => '' === $hero_subtitle ? null : $hero_subtitle,
		);
	}

	/**
	 * Plain text: the hand-written excerpt, else the start of the content.
	 */
	private static function excerpt( \WP_Post $post ): string {
		if ( '' !== trim( $post->post_excerpt ) ) {
			return CarRepository::plain( $post->post_excerpt );
		}
		$text = CarRepository::plain( strip_shortcodes( excerpt_remove_blocks( $post->post_content ) ) );
		return wp_trim_words( $text, 40, '…' );
	}

	/**
	 * @return list<string>
	 */
	private static function categories( \WP_Post $post ): array {
		$terms = get_the_terms( $post, 'category' );
		if ( ! is_array( $terms ) ) {
			return array();
		}
		$kept = self::named_categories( array_map( static fn ( \WP_Term $term ): array => array( $term->slug, $term->name ), $terms ) );
		return array_map( array( CarRepository::class, 'plain' ), $kept );
	}

	/**
	 * The category names a reader is shown. WordPress files a post saved without a category under
	 * its default one, "Uncategorized": that says nothing to a reader, so such a post shows no
	 * category. A default category staff renamed (its slug no longer "uncategorized") is a real one.
	 *
	 * @param list<array{0: string, 1: string}> $terms Each category's slug and name.
	 * @return list<string>
	 */
	public static function named_categories( array $terms ): array {
		$names = array();
		foreach ( $terms as $term ) {
			if ( 'uncategorized' !== $term[0] ) {
				$names[] = $term[1];
			}
		}
		return $names;
	}

	/**
	 * @return list<array{label: string, value: string}>
	 */
	private static function key_specs( mixed $specs ): array {
		if ( ! is_array( $specs ) ) {
			return array();
		}
		$out = array();
		foreach ( $specs as $spec ) {
			if ( ! is_array( $spec ) ) {
				continue;
			}
			$label = CarRepository::plain( $spec['label'] ?? '' );
			$value = CarRepository::plain( $spec['value'] ?? '' );
			if ( '' !== $label ) {
				$out[] = array(
					'label' => $label,
					'value' => $value,
				);
			}
		}
		return $out;
	}
}
