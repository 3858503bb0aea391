<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Messages\AdIds;
use CarExport\Messages\MessageFields;
use CarExport\Messages\MessageStore;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * What the contact and inquiry routes share: anyone may write, within a flood limit per address;
 * the message is stored with who sent it and the forwarded ad ids, then mailed to staff.
 */
abstract class MessageController extends \WP_REST_Controller {

	private const FLOOD_LIMIT  = 5;
	private const FLOOD_WINDOW = 60;

	/** @var string */
	protected $namespace = Routes::NAMESPACE;

	private RateLimiter $limiter;

	private MessageStore $store;

	public function __construct() {
		$this->limiter = new RateLimiter( $this->bucket(), self::FLOOD_LIMIT, self::FLOOD_WINDOW );
		$this->store   = new MessageStore();
	}

	/**
	 * Name of the flood-limit counter, one per route so a busy contact form does not block inquiries.
	 */
	abstract protected function bucket(): string;

	/**
	 * The route's fields, each with its sanitize and validate callbacks.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	abstract protected function args(): array;

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => \WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					'args'                => $this->args(),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * Open to visitors: the spec lets anyone send a message without an account. The check that
	 * remains is the flood limit.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item_permissions_check( $request ): true|WP_Error {
		$ip = $this->client_ip();
		if ( $this->limiter->is_exceeded( $ip ) ) {
			return new WP_Error(
				'car_export_too_many_requests',
				__( 'You have sent several messages in a short time. Please wait a minute and try again.', 'car-export' ),
				array(
					'status'     => 429,
					'retryAfter' => $this->limiter->retry_after( $ip ),
				)
			);
		}
		return true;
	}

	/**
	 * Stores, counts against the flood limit, then mails. A failed mail still answers success: the
	 * message is safe in wp-admin and the visitor could do nothing about the mail server anyway.
	 *
	 * @param array<string, string|int> $meta
	 */
	protected function deliver( string $post_type, string $title, string $content, array $meta, string $subject, string $body, string $reply_email, string $reply_name, string $success ): WP_REST_Response|WP_Error {
		$post_id = $this->store->save( $post_type, $title, $content, $meta );
		if ( $post_id instanceof WP_Error ) {
			return $post_id;
		}
		$this->limiter->hit( $this->client_ip() );
		$this->store->notify( $post_id, $subject, $body, $reply_email, $reply_name );

		return new WP_REST_Response(
			array(
				'success' => true,
				'message' => $success,
			),
			201
		);
	}

	/**
	 * Sender details stored with every message.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 * @return array<string, string|int>
	 */
	protected function sender_meta( WP_REST_Request $request ): array {
		$meta = array(
			MessageFields::IP         => $this->client_ip(),
			MessageFields::USER_AGENT => ClientInfo::user_agent( $_SERVER ),
			MessageFields::USER_ID    => get_current_user_id(),
		);
		$ids = AdIds::from_headers( static fn( string $name ): mixed => $request->get_header( $name ) );
		foreach ( $ids as $key => $id ) {
			$meta[ MessageFields::AD_PREFIX . $key ] = $id;
		}
		return $meta;
	}

	protected static function bad_request( string $code, string $message ): WP_Error {
		return new WP_Error( $code, $message, array( 'status' => 400 ) );
	}

	protected static function text( mixed $value ): string {
		return is_string( $value ) ? $value : '';
	}

	private function client_ip(): string {
		return ClientInfo::ip( $_SERVER, ClientInfo::trusted_proxies() );
	}

	/**
	 * Response shape shared by both routes.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => $this->bucket(),
			'type'       => 'object',
			'properties' => array(
				'success' => array(
					'type'     => 'boolean',
					'readonly' => true,
				),
				'message' => array(
					'type'     => 'string',
					'readonly' => true,
				),
			),
		);
	}
}
