<?php
/**
 * What the plugin's REST controllers share.
 *
 * @package CarExport
 */

declare(strict_types=1);

namespace CarExport\Rest;

use WP_REST_Server;

/**
 * A collection route of this plugin (car-export/v1 unless a controller names another namespace):
 * how its read and create endpoints are declared, each with its permission check and argument
 * schema, and how its response schema is written.
 */
abstract class Controller extends \WP_REST_Controller {

	/** @var string */
	protected $namespace = Routes::NAMESPACE;

	/**
	 * Registers /namespace/rest_base with the given endpoints and the response schema.
	 *
	 * @param array<string, mixed> ...$endpoints From read_endpoint() and create_endpoint().
	 */
	protected function register_collection( array ...$endpoints ): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array_merge( $endpoints, array( 'schema' => array( $this, 'get_public_item_schema' ) ) )
		);
	}

	/**
	 * GET, answered by get_items() once get_items_permissions_check() allows it.
	 *
	 * @param array<string, array<string, mixed>> $args The query arguments, each with its callbacks.
	 * @return array<string, mixed>
	 */
	protected function read_endpoint( array $args ): array {
		return array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => array( $this, 'get_items' ),
			'permission_callback' => array( $this, 'get_items_permissions_check' ),
			'args'                => $args,
		);
	}

	/**
	 * POST, answered by create_item() once create_item_permissions_check() allows it.
	 *
	 * @param array<string, array<string, mixed>> $args The body fields, each with its callbacks.
	 * @return array<string, mixed>
	 */
	protected function create_endpoint( array $args ): array {
		return array(
			'methods'             => WP_REST_Server::CREATABLE,
			'callback'            => array( $this, 'create_item' ),
			'permission_callback' => array( $this, 'create_item_permissions_check' ),
			'args'                => $args,
		);
	}

	/**
	 * A POST route below the collection, /namespace/rest_base$path, answered by $method once
	 * $permission allows it.
	 *
	 * @param array<string, array<string, mixed>> $args The body fields, each with its callbacks.
	 */
	protected function register_post( string $path, string $method, callable $permission, array $args ): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . $path,
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, $method ),
					'permission_callback' => $permission,
					'args'                => $args,
				),
			)
		);
	}

	/**
	 * A JSON schema (draft 4) of an object response.
	 *
	 * @param array<string, array<string, mixed>> $properties name => schema of each field.
	 * @return array<string, mixed>
	 */
	protected static function object_schema( string $title, array $properties ): array {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => $title,
			'type'       => 'object',
			'properties' => $properties,
		);
	}
}
