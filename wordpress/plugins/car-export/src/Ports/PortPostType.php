<?php
declare(strict_types=1);

namespace CarExport\Ports;

use CarExport\Admin\MetaBoxForm;
use CarExport\Service;
use WP_Post;

/**
 * Destination ports staff keep for the "Price to your port" estimate. A small post type rather
 * than one settings screen: each port is a record with a stable id (the site's URL and cookie
 * carry it), and WordPress's list, search, drafts and trash come with it.
 */
final class PortPostType implements Service {

	private const FIELD = 'car_export_port';

	private MetaBoxForm $form;

	public function __construct() {
		$this->form = new MetaBoxForm( PortFields::POST_TYPE, 'car_export_save_port', 'car_export_port_nonce', 'car_export_port_notices_' );
	}

	public function register(): void {
		add_action( 'init', array( $this, 'register_post_type' ) );
		add_action( 'add_meta_boxes_' . PortFields::POST_TYPE, array( $this, 'add_meta_box' ) );
		add_action( 'save_post_' . PortFields::POST_TYPE, array( $this, 'save' ) );
		add_action( 'admin_notices', array( $this, 'print_notices' ) );
		add_filter( 'manage_' . PortFields::POST_TYPE . '_posts_columns', array( $this, 'columns' ) );
		add_action( 'manage_' . PortFields::POST_TYPE . '_posts_custom_column', array( $this, 'render_column' ), 10, 2 );
	}

	public function register_post_type(): void {
		register_post_type(
			PortFields::POST_TYPE,
			array(
				'labels'              => array(
					'name'               => __( 'Ports', 'car-export' ),
					'singular_name'      => __( 'Port', 'car-export' ),
					'add_new_item'       => __( 'Add New Port', 'car-export' ),
					'edit_item'          => __( 'Edit Port', 'car-export' ),
					'new_item'           => __( 'New Port', 'car-export' ),
					'search_items'       => __( 'Search Ports', 'car-export' ),
					'not_found'          => __( 'No ports found.', 'car-export' ),
					'not_found_in_trash' => __( 'No ports found in Trash.', 'car-export' ),
					'all_items'          => __( 'Destination Ports', 'car-export' ),
					'enter_title_here'   => __( 'Port name, e.g. Lagos (Tin Can Island)', 'car-export' ),
				),
				// Read through GraphQL only; WordPress renders no page for a port.
				'public'              => false,
				'publicly_queryable'  => false,
				'exclude_from_search' => true,
				'show_ui'             => true,
				'show_in_menu'        => 'edit.php?post_type=car',
				'show_in_rest'        => false,
				'has_archive'         => false,
				'rewrite'             => false,
				'query_var'           => false,
				'supports'            => array( 'title' ),
			)
		);
	}

	public function add_meta_box(): void {
		add_meta_box( 'car-export-port', __( 'Shipping to this port', 'car-export' ), array( $this, 'render_meta_box' ), PortFields::POST_TYPE, 'normal', 'high' );
	}

	public function render_meta_box( WP_Post $post ): void {
		$this->form->print_nonce();
		$help   = array(
			'country'          => __( 'Where the buyer collects the car.', 'car-export' ),
			'roroFreight'      => __( 'Roll-on/roll-off, per car, whole US dollars.', 'car-export' ),
			'containerFreight' => __( 'Per car in a shared 40 ft container, whole US dollars.', 'car-export' ),
			'insuranceRate'    => __( 'Marine insurance as a percentage of FOB price plus freight, e.g. 1.5.', 'car-export' ),
			'transitDays'      => __( 'Typical sailing (or road and rail) time from the loading port, in days.', 'car-export' ),
			'route'            => __( 'Overland: the RoRo figure is a car-carrier truck and the container figure a rail container; buyers see them named so.', 'car-export' ),
		);
		$routes = array(
			'sea'      => __( 'By sea', 'car-export' ),
			'overland' => __( 'Overland (truck or rail)', 'car-export' ),
		);
		echo '<table class="form-table" role="presentation">';
		foreach ( PortFields::FIELDS as $key => $field ) {
			$id    = 'car-export-port-' . $key;
			$value = (string) get_post_meta( $post->ID, $field['meta'], true );
			if ( 'route' === $key ) {
				printf(
					'<tr><th scope="row"><label for="%1$s">%2$s</label></th><td><select id="%1$s" name="%3$s[%4$s]" aria-describedby="%1$s-help">',
					esc_attr( $id ),
					esc_html( $field['label'] ),
					esc_attr( self::FIELD ),
					esc_attr( $key )
				);
				foreach ( $routes as $route => $label ) {
					printf( '<option value="%s"', esc_attr( $route ) );
					// A port saved before routes existed has none stored: it is a seaport.
					selected( 'overland' === $value ? 'overland' : 'sea', $route );
					printf( '>%s</option>', esc_html( $label ) );
				}
				printf( '</select><p class="description" id="%1$s-help">%2$s</p></td></tr>', esc_attr( $id ), esc_html( $help[ $key ] ) );
				continue;
			}
			printf(
				'<tr><th scope="row"><label for="%1$s">%2$s</label></th><td><input type="text" class="regular-text" id="%1$s" name="%3$s[%4$s]" value="%5$s" required aria-describedby="%1$s-help" /><p class="description" id="%1$s-help">%6$s</p></td></tr>',
				esc_attr( $id ),
				esc_html( $field['label'] ),
				esc_attr( self::FIELD ),
				esc_attr( $key ),
				esc_attr( $value ),
				esc_html( $help[ $key ] )
			);
		}
		echo '</table>';
	}

	public function save( int $post_id ): void {
		// A save that did not come from this form (the seed, a script) leaves the meta alone.
		$input = $this->form->submitted( $post_id, self::FIELD );
		if ( null === $input ) {
			return;
		}
		$checked = PortFields::validate( $input );
		// Valid fields are saved; a refused one keeps its previous value and is reported.
		foreach ( $checked['values'] as $key => $value ) {
			update_post_meta( $post_id, PortFields::FIELDS[ $key ]['meta'], $value );
		}
		$this->form->remember_errors( array_values( $checked['errors'] ) );
	}

	public function print_notices(): void {
		$this->form->print_notices( __( 'The port is left out of the estimate until it is fixed.', 'car-export' ) );
	}

	/**
	 * @param array<string, string> $columns
	 * @return array<string, string>
	 */
	public function columns( array $columns ): array {
		$out = array();
		foreach ( $columns as $key => $label ) {
			$out[ $key ] = $label;
			if ( 'title' === $key ) {
				foreach ( PortFields::FIELDS as $field_key => $field ) {
					$out[ 'car_export_port_' . $field_key ] = $field['label'];
				}
			}
		}
		return $out;
	}

	public function render_column( string $column, int $post_id ): void {
		$key = substr( $column, strlen( 'car_export_port_' ) );
		if ( str_starts_with( $column, 'car_export_port_' ) && isset( PortFields::FIELDS[ $key ] ) ) {
			echo esc_html( (string) get_post_meta( $post_id, PortFields::FIELDS[ $key ]['meta'], true ) );
		}
	}
}
