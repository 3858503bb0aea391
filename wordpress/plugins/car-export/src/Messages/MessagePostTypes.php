<?php
declare(strict_types=1);

namespace CarExport\Messages;

use CarExport\Service;
use CarExport\Staff\SalesRole;

/**
 * The contact_message and car_inquiry post types: private records that staff read in wp-admin.
 * They are never public, never in REST or search, and nobody creates them by hand; only the REST
 * controllers do, through wp_insert_post(), which does not check capabilities.
 */
final class MessagePostTypes implements Service {

	public function register(): void {
		add_action( 'init', array( $this, 'register_post_types' ) );
		add_action( 'load-post.php', array( $this, 'refuse_lead_screen' ) );
	}

	/**
	 * A lead's screen opened by someone without the lead capability: core would refuse it with a
	 * bare 500; this says what happened with a 403, before anything of the lead is read.
	 */
	public function refuse_lead_screen(): void {
		$post_id = isset( $_GET['post'] ) ? absint( $_GET['post'] ) : 0;
		$type    = get_post_type( $post_id );
		if ( is_string( $type ) && in_array( $type, MessageFields::post_types(), true ) && ! current_user_can( SalesRole::MANAGE_LEADS ) ) {
			wp_die( esc_html__( 'You are not allowed to open leads.', 'car-export' ), '', array( 'response' => 403 ) );
		}
	}

	public function register_post_types(): void {
		register_post_type(
			MessageFields::CONTACT,
			$this->args(
				array(
					'name'               => __( 'Contact messages', 'car-export' ),
					'singular_name'      => __( 'Contact message', 'car-export' ),
					'menu_name'          => __( 'Messages', 'car-export' ),
					'all_items'          => __( 'Contact messages', 'car-export' ),
					'edit_item'          => __( 'Contact message', 'car-export' ),
					'view_item'          => __( 'View contact message', 'car-export' ),
					'search_items'       => __( 'Search contact messages', 'car-export' ),
					'not_found'          => __( 'No contact messages yet.', 'car-export' ),
					'not_found_in_trash' => __( 'No contact messages in the trash.', 'car-export' ),
				),
				true
			)
		);
		register_post_type(
			MessageFields::INQUIRY,
			$this->args(
				array(
					'name'               => __( 'Car inquiries', 'car-export' ),
					'singular_name'      => __( 'Car inquiry', 'car-export' ),
					'menu_name'          => __( 'Car inquiries', 'car-export' ),
					'all_items'          => __( 'Car inquiries', 'car-export' ),
					'edit_item'          => __( 'Car inquiry', 'car-export' ),
					'view_item'          => __( 'View car inquiry', 'car-export' ),
					'search_items'       => __( 'Search car inquiries', 'car-export' ),
					'not_found'          => __( 'No car inquiries yet.', 'car-export' ),
					'not_found_in_trash' => __( 'No car inquiries in the trash.', 'car-export' ),
				),
				'edit.php?post_type=' . MessageFields::CONTACT
			)
		);
	}

	/**
	 * @param array<string, string> $labels
	 * @return array<string, mixed>
	 */
	private function args( array $labels, bool|string $menu ): array {
		return array(
			'labels'              => $labels,
			'public'              => false,
			'publicly_queryable'  => false,
			'exclude_from_search' => true,
			'show_ui'             => true,
			'show_in_menu'        => $menu,
			'menu_position'       => 26,
			'menu_icon'           => 'dashicons-email-alt',
			'show_in_nav_menus'   => false,
			'show_in_admin_bar'   => false,
			'show_in_rest'        => false,
			'has_archive'         => false,
			'rewrite'             => false,
			'query_var'           => false,
			'can_export'          => true,
			'delete_with_user'    => false,
			// No title or editor box: the details box shows the message read-only.
			'supports'            => false,
			'capability_type'     => 'post',
			'map_meta_cap'        => true,
			'capabilities'        => self::capabilities(),
		);
	}

	/**
	 * Leads hold buyers' contact details: only staff with the lead capability (Sales, administrators)
	 * list, read, change or delete them, whatever else they may edit; the menu, the lists and each
	 * lead's screen follow from these. Creating and publishing is allowed to nobody.
	 *
	 * @return array<string, string>
	 */
	public static function capabilities(): array {
		return array(
			'edit_posts'             => SalesRole::MANAGE_LEADS,
			'edit_others_posts'      => SalesRole::MANAGE_LEADS,
			'edit_private_posts'     => SalesRole::MANAGE_LEADS,
			'read_private_posts'     => SalesRole::MANAGE_LEADS,
			'edit_published_posts'   => 'do_not_allow',
			'publish_posts'          => 'do_not_allow',
			'create_posts'           => 'do_not_allow',
			'delete_posts'           => SalesRole::MANAGE_LEADS,
			'delete_others_posts'    => SalesRole::MANAGE_LEADS,
			'delete_private_posts'   => SalesRole::MANAGE_LEADS,
			'delete_published_posts' => SalesRole::MANAGE_LEADS,
		);
	}
}
