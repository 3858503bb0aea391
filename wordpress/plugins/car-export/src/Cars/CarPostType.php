<?php
declare(strict_types=1);

namespace CarExport\Cars;

use CarExport\Service;

/**
 * The car post type, its typed meta and its image size.
 *
 * Cars are edited in wp-admin and read by the Remix front end through GraphQL, so WordPress itself
 * never renders a car page: the type is not publicly queryable and has no archive. It stays in the
 * core REST API (behind the usual capabilities) for staff tools and tests.
 */
final class CarPostType implements Service {

	public const IMAGE_SIZE = 'car-thumb';

	private ?CarValidator $validator = null;

	public function register(): void {
		add_action( 'init', array( $this, 'register_post_type' ) );
		add_action( 'init', array( $this, 'register_meta' ) );
		add_action( 'init', array( $this, 'register_image_size' ) );
		add_action( 'after_setup_theme', array( $this, 'ensure_thumbnail_support' ), 20 );
		add_filter( 'use_block_editor_for_post_type', array( $this, 'use_block_editor' ), 10, 2 );
		add_filter( 'rest_pre_insert_' . CarFields::POST_TYPE, array( $this, 'check_rest_meta' ), 10, 2 );
	}

	public function register_post_type(): void {
		register_post_type(
			CarFields::POST_TYPE,
			array(
				'labels'              => $this->labels(),
				'description'         => __( 'Cars in the export catalogue.', 'car-export' ),
				'public'              => false,
				'publicly_queryable'  => false,
				'exclude_from_search' => true,
				'has_archive'         => false,
				'rewrite'             => false,
				'query_var'           => false,
				'show_ui'             => true,
				'show_in_menu'        => true,
				'show_in_admin_bar'   => true,
				'show_in_nav_menus'   => false,
				'show_in_rest'        => true,
				'rest_base'           => 'cars',
				'menu_position'       => 5,
				'menu_icon'           => 'dashicons-car',
				'capability_type'     => 'post',
				'map_meta_cap'        => true,
				// 'custom-fields' is what exposes the registered meta in the REST API (CarAdmin hides its box).
				'supports'            => array( 'title', 'editor', 'thumbnail', 'revisions', 'custom-fields' ),
			)
		);
	}

	public function register_image_size(): void {
		add_image_size( self::IMAGE_SIZE, 300, 300, true );
	}

	/**
	 * The featured-image box only appears when the theme supports thumbnails; a headless site
	 * may run any theme, so the car type asks for it itself (WordPress merges per-type lists).
	 */
	public function ensure_thumbnail_support(): void {
		add_theme_support( 'post-thumbnails', array( CarFields::POST_TYPE ) );
	}

	/**
	 * The meta box form is the editing surface for a car; the block editor would hide it
	 * behind a legacy panel, so cars keep the classic screen.
	 */
	public function use_block_editor( bool $use_block_editor, string $post_type ): bool {
		return CarFields::POST_TYPE === $post_type ? false : $use_block_editor;
	}

	public function register_meta(): void {
		foreach ( CarFields::all() as $key => $field ) {
			register_post_meta(
				CarFields::POST_TYPE,
				$field['meta'],
				array(
					'type'              => $this->wp_type( $field['type'] ),
					'description'       => $field['label'],
					'single'            => true,
					'sanitize_callback' => function ( mixed $value ) use ( $key ): mixed {
						// Cannot refuse a write here, so store the validator's best normalised value.
						return $this->validator()->validate_field( $key, $value )['value'];
					},
					'auth_callback'     => static function ( bool $allowed, string $meta_key, int $object_id, int $user_id ): bool {
						return $object_id > 0 && user_can( $user_id, 'edit_post', $object_id );
					},
					'show_in_rest'      => $this->rest_args( $field ),
				)
			);
		}
	}

	/**
	 * Rejects invalid car meta in a REST create or update before anything is written, with the
	 * same messages staff see in wp-admin (the meta sanitize callback could only normalise).
	 *
	 * @param \stdClass|\WP_Error $prepared_post
	 * @param \WP_REST_Request<array<string, mixed>> $request
	 * @return \stdClass|\WP_Error
	 */
	public function check_rest_meta( $prepared_post, $request ) {
		$meta = $request->get_param( 'meta' );
		if ( is_wp_error( $prepared_post ) || ! is_array( $meta ) ) {
			return $prepared_post;
		}
		$post_id = isset( $prepared_post->ID ) ? (int) $prepared_post->ID : 0;
		$errors  = array();
		$changed = false;
		foreach ( CarFields::all() as $key => $field ) {
			$meta_key = $field['meta'];
			if ( ! array_key_exists( $meta_key, $meta ) ) {
				continue;
			}
			if ( '' === $meta[ $meta_key ] && in_array( $field['type'], array( 'int', 'bool' ), true ) ) {
				// The form's "empty = not set" (no price = Contact for Price) also holds for API clients.
				$meta[ $meta_key ] = null;
				$changed           = true;
			}
			if ( null === $meta[ $meta_key ] ) {
				if ( $this->drop_null_on_blank( $post_id, $field ) ) {
					unset( $meta[ $meta_key ] );
					$changed = true;
				}
				continue;
			}
			$error = $this->validator()->validate_field( $key, $meta[ $meta_key ] )['error'];
			if ( null !== $error ) {
				$errors[ $meta_key ] = $error;
			}
		}
		if ( array() !== $errors ) {
			return new \WP_Error(
				'rest_invalid_param',
				__( 'Some car details are not valid:', 'car-export' ) . ' ' . implode( ' ', $errors ),
				array(
					'status' => 400,
					'params' => $errors,
				)
			);
		}
		if ( $changed ) {
			$request->set_param( 'meta', $meta );
		}
		return $prepared_post;
	}

	/**
	 * Core answers "null" (= clear the field) on a number or flag that is blank with a 500, because
	 * the blank stored value does not match the integer/boolean schema. Clearing a blank field is a
	 * no-op, so such keys are dropped (and a stray blank row removed) before core sees them.
	 *
	 * @param array{meta: string, type: string} $field
	 */
	private function drop_null_on_blank( int $post_id, array $field ): bool {
		if ( ! in_array( $field['type'], array( 'int', 'bool' ), true ) ) {
			return false;
		}
		if ( 0 === $post_id ) {
			return true;
		}
		$current = get_post_meta( $post_id, $field['meta'], true );
		if ( '' !== $current ) {
			return false;
		}
		if ( metadata_exists( 'post', $post_id, $field['meta'] ) ) {
			delete_post_meta( $post_id, $field['meta'] );
		}
		return true;
	}

	/**
	 * @param array{meta: string, label: string, type: string, choices?: array<string,string>, min?: int, max?: int, maxlength?: int} $field
	 * @return array<string, mixed>
	 */
	private function rest_args( array $field ): array {
		$schema = array( 'type' => $this->wp_type( $field['type'] ) );
		$args   = array();
		switch ( $field['type'] ) {
			case 'text':
				$schema['maxLength'] = $field['maxlength'] ?? 255;
				break;
			case 'choice':
				$schema['enum'] = array_merge( array( '' ), array_map( 'strval', array_keys( $field['choices'] ?? array() ) ) );
				break;
			case 'int':
				$schema['minimum'] = $field['min'] ?? 0;
				$schema['maximum'] = $field['max'] ?? PHP_INT_MAX;
				// An unset number (no price = "Contact for Price") reads as null, not as a misleading 0.
				$schema['default']        = '';
				$args['prepare_callback'] = static function ( mixed $value ): ?int {
					return is_numeric( $value ) ? (int) $value : null;
				};
				break;
			case 'list':
				$schema['items']    = array(
					'type'      => 'string',
					'maxLength' => $field['maxlength'] ?? 255,
				);
				$schema['maxItems'] = CarValidator::MAX_FEATURES;
				break;
			case 'ids':
				$schema['items'] = array(
					'type'    => 'integer',
					'minimum' => 1,
				);
				break;
		}
		$args['schema'] = $schema;
		return $args;
	}

	private function wp_type( string $field_type ): string {
		return match ( $field_type ) {
			'int' => 'integer',
			'bool' => 'boolean',
			'list', 'ids' => 'array',
			default => 'string',
		};
	}

	private function validator(): CarValidator {
		$this->validator ??= new CarValidator();
		return $this->validator;
	}

	/** @return array<string, string> */
	private function labels(): array {
		return array(
			'name'                   => __( 'Cars', 'car-export' ),
			'singular_name'          => __( 'Car', 'car-export' ),
			'menu_name'              => __( 'Cars', 'car-export' ),
			'name_admin_bar'         => __( 'Car', 'car-export' ),
			'add_new'                => __( 'Add New', 'car-export' ),
			'add_new_item'           => __( 'Add New Car', 'car-export' ),
			'new_item'               => __( 'New Car', 'car-export' ),
			'edit_item'              => __( 'Edit Car', 'car-export' ),
			'view_item'              => __( 'View Car', 'car-export' ),
			'all_items'              => __( 'All Cars', 'car-export' ),
			'search_items'           => __( 'Search Cars', 'car-export' ),
			'not_found'              => __( 'No cars found.', 'car-export' ),
			'not_found_in_trash'     => __( 'No cars found in Trash.', 'car-export' ),
			'featured_image'         => __( 'Main image', 'car-export' ),
			'set_featured_image'     => __( 'Set main image', 'car-export' ),
			'remove_featured_image'  => __( 'Remove main image', 'car-export' ),
			'use_featured_image'     => __( 'Use as main image', 'car-export' ),
			'item_published'         => __( 'Car published.', 'car-export' ),
			'item_updated'           => __( 'Car updated.', 'car-export' ),
			'item_reverted_to_draft' => __( 'Car reverted to draft.', 'car-export' ),
			'item_scheduled'         => __( 'Car scheduled.', 'car-export' ),
			'items_list'             => __( 'Cars list', 'car-export' ),
			'items_list_navigation'  => __( 'Cars list navigation', 'car-export' ),
			'filter_items_list'      => __( 'Filter cars list', 'car-export' ),
		);
	}
}
