<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

use CarExport\Search\SearchCache;
use GraphQL\Error\Error;
use GraphQL\Language\AST\FieldNode;
use GraphQL\Language\Parser;
use GraphQL\Utils\AST;

/**
 * The lean read path of the public catalogue: a GraphQL GET that asks only for catalogue search
 * fields (cars, carFilters) is answered from its kept JSON as soon as this plugin is loaded, before
 * the rest of WordPress (other plugins, init, the theme, the schema) costs anything; about a third
 * of a full request. What is kept is exactly what the endpoint answered, keyed by the request's
 * query string and tagged with the searches it holds, so a staff save shows in the next request.
 *
 * Only answers that cannot depend on who asks are kept: successful, error-free queries whose root
 * fields are all catalogue searches (no preview tokens, no account data).
 */
final class CatalogueResponseCache {

	/** Root fields whose answer is the same for every visitor and changes only with the catalogue. */
	private const PUBLIC_FIELDS = array( 'cars', 'carFilters', '__typename' );

	/**
	 * Other content a car card shows (a photo's sizes, say) changes without a catalogue write,
	 * so a kept answer lives no longer than the minutes the site's own cache keeps it.
	 */
	private const TTL = 300;

	/** Answers the request from a kept answer and ends it, or returns to let WordPress load. */
	public static function serve_early(): void {
		$question = self::question();
		if ( null === $question ) {
			return;
		}
		$json = SearchCache::get( $question );
		if ( null === $json ) {
			return;
		}
		Endpoint::emit( 200, $json, true );
		exit;
	}

	/** Keeps the endpoint's answer when it is a public catalogue search (see the class comment). */
	public static function keep( string $method, HttpResponse $response, string $json ): void {
		$question = self::question();
		if ( 'GET' !== $method || null === $question || 200 !== $response->status || isset( $response->body['errors'] ) ) {
			return;
		}
		$operation = self::parameter( 'operationName' );
		if ( self::is_public_catalogue_query( self::parameter( 'query' ), '' === $operation ? null : $operation ) ) {
			// Tagged with every search the answer holds, so a save drops it exactly when it drops one of them.
			SearchCache::put( $question, $json, self::TTL, SearchCache::request_tags() );
		}
	}

	/**
	 * Whether the operation of $query only reads the public catalogue search fields.
	 */
	public static function is_public_catalogue_query( string $query, ?string $operation_name ): bool {
		try {
			$operation = AST::getOperationAST( Parser::parse( $query ), '' === (string) $operation_name ? null : $operation_name );
		} catch ( Error $e ) {
			return false;
		}
		if ( null === $operation || 'query' !== $operation->operation ) {
			return false;
		}
		foreach ( $operation->selectionSet->selections as $selection ) {
			// A fragment at the root could hide any field: such a query is simply not kept.
			if ( ! $selection instanceof FieldNode || ! in_array( $selection->name->value, self::PUBLIC_FIELDS, true ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The cache question of a GraphQL GET (its query, variables and operation name exactly as
	 * sent), or null for any other request.
	 */
	private static function question(): ?string {
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : '';
		$uri    = isset( $_SERVER['REQUEST_URI'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '';
		$path   = (string) wp_parse_url( $uri, PHP_URL_PATH );
		$query  = self::parameter( 'query' );
		if ( 'GET' !== $method || ( '/graphql' !== $path && '/graphql/' !== $path ) || '' === $query ) {
			return null;
		}
		return "response\0" . sha1( $query . "\0" . self::parameter( 'variables' ) . "\0" . self::parameter( 'operationName' ) );
	}

	/**
	 * A GET parameter as the client sent it. filter_input reads the request itself, which WordPress's
	 * slashing of $_GET (done after plugins load) never touches: the same text early and late.
	 */
	private static function parameter( string $name ): string {
		$value = filter_input( INPUT_GET, $name, FILTER_UNSAFE_RAW, FILTER_REQUIRE_SCALAR );
		return is_string( $value ) ? $value : '';
	}
}
