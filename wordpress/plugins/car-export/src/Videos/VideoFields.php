<?php
/**
 * What a video stores.
 *
 * @package CarExport
 */

declare(strict_types=1);

namespace CarExport\Videos;

/**
 * The one definition of a video's post type and meta keys, and of how a duration is written
 * (95, 1:35 or 1:01:35 in, m:ss or h:mm:ss out). The admin form, the list columns, the GraphQL
 * reader and the seed all use it.
 */
final class VideoFields {

	public const POST_TYPE     = 'video';
	public const META_FILE     = '_video_file_id';
	public const META_URL      = '_video_url';
	public const META_DURATION = '_video_duration';
	public const MAX_DURATION  = 7200;

	/** m:ss, or h:mm:ss past the hour, as the player shows it. */
	public static function format_duration( int $seconds ): string {
		$hours   = intdiv( $seconds, 3600 );
		$minutes = intdiv( $seconds % 3600, 60 );
		$rest    = $seconds % 60;
		return $hours > 0 ? sprintf( '%d:%02d:%02d', $hours, $minutes, $rest ) : sprintf( '%d:%02d', $minutes, $rest );
	}

	/** Accepts 95, 1:35 or 1:01:35; null when the text is none of these. */
	public static function parse_duration( string $text ): ?int {
		if ( 1 !== preg_match( '/^(?:(?:(\d{1,2}):)?(\d{1,3}):)?(\d{1,5})$/', $text, $parts ) ) {
			return null;
		}
		$has_minutes = '' !== $parts[2];
		if ( $has_minutes && ( (int) $parts[3] > 59 || strlen( $parts[3] ) !== 2 ) ) {
			return null;
		}
		if ( '' !== $parts[1] && (int) $parts[2] > 59 ) {
			return null;
		}
		return (int) $parts[1] * 3600 + (int) $parts[2] * 60 + (int) $parts[3];
	}

	/** The stored duration in seconds; 0 when none. */
	public static function duration( int $post_id ): int {
		return (int) get_post_meta( $post_id, self::META_DURATION, true );
	}

	/** The chosen media-library file; 0 when none. */
	public static function file_id( int $post_id ): int {
		return (int) get_post_meta( $post_id, self::META_FILE, true );
	}

	/** The external https URL; '' when none. */
	public static function url( int $post_id ): string {
		$url = get_post_meta( $post_id, self::META_URL, true );
		return is_string( $url ) ? $url : '';
	}
}
