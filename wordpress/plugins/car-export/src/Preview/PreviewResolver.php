<?php
declare(strict_types=1);

namespace CarExport\Preview;

use CarExport\Cars\CarFields;
use CarExport\Cars\CarRepository;
use CarExport\GraphQL\Data\NewsRepository;
use CarExport\Settings\SiteSettings;

/**
 * Resolves carPreview and newsPostPreview: WordPress verifies the token itself (the site's check
 * is not trusted), and only then reads the post whatever its status, trash excluded. A published
 * post is shown with its unsaved edits (UnsavedEdits), which is what Preview Changes is for.
 */
final class PreviewResolver {

	/**
	 * @return array<string, mixed>|null
	 */
	public static function car( mixed $token ): ?array {
		$post = self::post( $token, 'car', CarFields::POST_TYPE );
		return null === $post ? null : ( new CarRepository() )->to_array( UnsavedEdits::post( $post ), UnsavedEdits::fields( $post ) );
	}

	/**
	 * @return array<string, mixed>|null
	 */
	public static function news_post( mixed $token ): ?array {
		$post = self::post( $token, 'post', 'post' );
		return null === $post ? null : ( new NewsRepository() )->from_post( UnsavedEdits::post( $post ) );
	}

	/**
	 * Whether the preview the token opens shows edits that are not saved yet, so the site can say
	 * so; false for an invalid token.
	 */
	public static function shows_unsaved_edits( mixed $token ): bool {
		$claims = is_string( $token ) ? PreviewToken::verify( $token, self::secret(), time() ) : null;
		$post   = null === $claims ? null : self::post( $token, $claims['kind'], 'car' === $claims['kind'] ? CarFields::POST_TYPE : 'post' );
		if ( null === $post ) {
			return false;
		}
		if ( CarFields::POST_TYPE !== $post->post_type ) {
			return UnsavedEdits::post( $post ) !== $post;
		}
		$cars = new CarRepository();
		return $cars->to_array( $post ) !== $cars->to_array( UnsavedEdits::post( $post ), UnsavedEdits::fields( $post ) );
	}

	public static function secret(): string {
		return SiteSettings::get()['purge_secret'];
	}

	private static function post( mixed $token, string $kind, string $post_type ): ?\WP_Post {
		$claims = is_string( $token ) ? PreviewToken::verify( $token, self::secret(), time() ) : null;
		if ( null === $claims || $kind !== $claims['kind'] ) {
			return null;
		}
		$post = get_post( $claims['id'] );
		if ( ! $post instanceof \WP_Post || $post_type !== $post->post_type || in_array( $post->post_status, array( 'trash', 'auto-draft', 'inherit' ), true ) ) {
			return null;
		}
		return $post;
	}
}
