<?php
declare(strict_types=1);

namespace CarExport\Preview;

/**
 * The edits staff made to a published post without saving them, as its preview shows them.
 *
 * Core's Preview Changes of a published post does not save it: it keeps the title, content and
 * excerpt as an autosave. A car's own fields (price, mileage...) are not part of an autosave, so
 * the car form keeps its valid values beside it (remember_fields, under FIELDS_META on the car).
 * Edits count only while they are newer than the post's last save: an Update makes them stale,
 * exactly as core then ignores an older autosave.
 */
final class UnsavedEdits {

	public const FIELDS_META = '_car_export_preview_fields';

	/**
	 * @param array<string, mixed> $values Field key => valid value, as the car form would store it.
	 */
	public static function remember_fields( int $post_id, array $values ): void {
		update_post_meta(
			$post_id,
			self::FIELDS_META,
			wp_slash(
				array(
					'at'     => time(),
					'values' => $values,
				)
			)
		);
	}

	public static function forget_fields( int $post_id ): void {
		delete_post_meta( $post_id, self::FIELDS_META );
	}

	/**
	 * The post as its preview shows it: the newest autosave's title, content and excerpt, when it
	 * is newer than the post; the post itself otherwise (drafts are saved by their Preview).
	 */
	public static function post( \WP_Post $post ): \WP_Post {
		if ( 'publish' !== $post->post_status ) {
			return $post;
		}
		$autosave = wp_get_post_autosave( $post->ID );
		if ( ! $autosave instanceof \WP_Post || self::time( $autosave->post_modified_gmt ) <= self::time( $post->post_modified_gmt ) ) {
			return $post;
		}
		$shown               = clone $post;
		$shown->post_title   = $autosave->post_title;
		$shown->post_content = $autosave->post_content;
		$shown->post_excerpt = $autosave->post_excerpt;
		return $shown;
	}

	/**
	 * The car fields edited since the post's last save, field key => value; empty when none.
	 *
	 * @return array<string, mixed>
	 */
	public static function fields( \WP_Post $post ): array {
		$stored = get_post_meta( $post->ID, self::FIELDS_META, true );
		if ( 'publish' !== $post->post_status || ! is_array( $stored ) || ! is_array( $stored['values'] ?? null ) ) {
			return array();
		}
		return (int) ( $stored['at'] ?? 0 ) > self::time( $post->post_modified_gmt ) ? $stored['values'] : array();
	}

	private static function time( string $gmt ): int {
		$time = strtotime( $gmt . ' UTC' );
		return false === $time ? 0 : $time;
	}
}
