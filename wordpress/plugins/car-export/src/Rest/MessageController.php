<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Mail\LeadMail;
use CarExport\Messages\AdIds;
use CarExport\Messages\IdempotencyKey;
use CarExport\Messages\IdempotencyStore;
use CarExport\Messages\Lead;
use CarExport\Messages\LeadStatus;
use CarExport\Messages\MessageFields;
use CarExport\Messages\MessageStore;
use CarExport\Messages\SpamGuard;
use CarExport\Messages\SuspectedLeads;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * What the contact and inquiry routes share: anyone may write, within a flood limit per address;
 * the message is stored with who sent it and the forwarded ad ids, then mailed to staff.
 *
 * A submission with an idempotency key is stored at most once: repeating it answers the first
 * answer again, marked Idempotent-Replayed, and is neither counted nor refused by the flood limit.
 * A submission the spam guard suspects gets the ordinary answer too and is kept, held back from
 * the lead list and the staff mail until staff mark it "not spam" (SuspectedLeads).
 */
abstract class MessageController extends Controller {

	private const FLOOD_LIMIT  = 5;
	private const FLOOD_WINDOW = 60;

	/** The flood refusal's data key naming whose address was counted: "visitor" or "peer". */
	public const LIMITED_BY = 'limitedBy';

	private RateLimiter $limiter;

	private MessageStore $store;

	private IdempotencyStore $keys;

	private LeadMail $mail;

	public function __construct() {
		$this->limiter = new RateLimiter( $this->bucket(), self::FLOOD_LIMIT, self::FLOOD_WINDOW );
		$this->store   = new MessageStore();
		$this->keys    = new IdempotencyStore();
		$this->mail    = new LeadMail();
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

	/**
	 * Checks the route's own fields and stores the lead through deliver().
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	abstract protected function create_lead( WP_REST_Request $request ): WP_REST_Response|WP_Error;

	/**
	 * Fields every lead route takes besides its own: the idempotency key and the spam signals.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private function shared_args(): array {
		return array(
			IdempotencyKey::FIELD     => Args::idempotency_key( __( 'Idempotency key', 'car-export' ) ),
			SpamGuard::HONEYPOT_FIELD => Args::honeypot( __( 'Website', 'car-export' ) ),
			SpamGuard::FILL_FIELD     => Args::milliseconds( __( 'Time spent on the form (ms)', 'car-export' ) ),
			SpamGuard::SCRIPT_FIELD   => Args::flag( __( "Whether the page's script ran", 'car-export' ) ),
		);
	}

	public function register_routes(): void {
		$this->register_collection( $this->create_endpoint( $this->args() + $this->shared_args() ) );
	}

	/**
	 * Open to visitors: anyone may send a message without an account. The check that
	 * remains is the flood limit.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item_permissions_check( $request ): true | WP_Error {
		$key = $this->idempotency_key( $request );
		if ( $key instanceof WP_Error ) {
			return $key;
		}
		// A repeat of a stored submission creates nothing, so the flood limit has nothing to guard.
		if ( null !== $key && null !== $this->keys->find( $this->bucket(), $key ) ) {
			return true;
		}
		$client = ClientInfo::current();
		return $this->limiter->refusal(
			$client['ip'],
			'car_export_too_many_requests',
			__( 'You have sent several messages in a short time. Please wait a minute and try again.', 'car-export' ),
			// Tells the site whether this was its visitor's own flood or every visitor counted as one
			// connection (its signature not believed), which is no reason to turn a lead away.
			array( self::LIMITED_BY => $client['vouched'] ? 'visitor' : 'peer' )
		) ?? true;
	}

	/**
	 * Replays the first answer for a known idempotency key, otherwise creates the lead.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	final public function create_item( $request ): WP_REST_Response|WP_Error {
		$key = $this->idempotency_key( $request );
		if ( $key instanceof WP_Error ) {
			return $key;
		}
		if ( null !== $key ) {
			$replay = $this->replay( $key );
			if ( null !== $replay ) {
				return $replay;
			}
		}
		return $this->create_lead( $request );
	}

	/**
	 * Stores, counts against the flood limit, answers, then mails staff of an ordinary lead. A failed mail still answers
	 * success: the message is safe in wp-admin, the mail is retried later, and the visitor could do
	 * nothing about the mail server anyway.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	protected function deliver( WP_REST_Request $request, Lead $lead, string $success ): WP_REST_Response|WP_Error {
		$answer = array(
			'success' => true,
			'message' => $success,
		);
		$ip     = ClientInfo::current_ip();

		// A bot must not learn that it was caught, so it gets the answer a person gets; what the
		// guard suspects is still kept, for the person it may be.
		$reasons   = SpamGuard::reasons(
			$request[ SpamGuard::HONEYPOT_FIELD ],
			$request[ SpamGuard::FILL_FIELD ],
			is_bool( $request[ SpamGuard::SCRIPT_FIELD ] ) ? $request[ SpamGuard::SCRIPT_FIELD ] : null,
			$lead->message
		);
		$suspected = array() !== $reasons;
		$status    = $suspected ? SuspectedLeads::STATUS : SuspectedLeads::ORDINARY;
		$lead      = $lead->with_meta(
			$suspected
				? array(
					MessageFields::STATUS       => LeadStatus::NEW,
					MessageFields::SPAM_REASONS => SuspectedLeads::reasons_text( $reasons ),
				)
				: array(
					MessageFields::STATUS => LeadStatus::NEW,
					MessageFields::UNREAD => 1,
				)
		);

		$key = $this->idempotency_key( $request );
		if ( $key instanceof WP_Error ) {
			return $key;
		}
		if ( null === $key ) {
			$post_id = $this->store->save( $lead, $status );
		} else {
			$post_id = $this->save_once( $key, $lead, $status, $answer );
			if ( $post_id instanceof WP_REST_Response ) {
				return $post_id;
			}
		}
		if ( $post_id instanceof WP_Error ) {
			return $post_id;
		}

		$this->limiter->hit( $ip );
		if ( ! $suspected ) {
			$this->mail->send_after_response( $post_id );
		}

		return new WP_REST_Response( $answer, 201 );
	}

	/**
	 * Stores the lead and its key in one transaction; when another request got the key first
	 * (possibly while this one waited for it), answers what that request answered.
	 *
	 * @param array<string, mixed> $answer
	 */
	private function save_once( string $key, Lead $lead, string $status, array $answer ): int|WP_Error|WP_REST_Response {
		$claimed = $this->keys->claim( $this->bucket(), $key );
		if ( true !== $claimed ) {
			return $this->replay( $key ) ?? Refusal::make(
				'car_export_idempotency_conflict',
				__( 'A submission with this idempotency key is still being processed. Please try again in a moment.', 'car-export' ),
				409
			);
		}
		$post_id = $this->store->save( $lead->with_meta( array( MessageFields::IDEMPOTENCY_KEY => $key ) ), $status );
		if ( $post_id instanceof WP_Error ) {
			$this->keys->abandon();
			return $post_id;
		}
		if ( ! $this->keys->complete( $this->bucket(), $key, $post_id, 201, $answer ) ) {
			return MessageStore::not_saved();
		}
		return $post_id;
	}

	private function replay( string $key ): ?WP_REST_Response {
		$stored = $this->keys->find( $this->bucket(), $key );
		if ( null === $stored ) {
			return null;
		}
		$response = new WP_REST_Response( $stored['body'], $stored['status'] );
		$response->header( 'Idempotent-Replayed', 'true' );
		return $response;
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	private function idempotency_key( WP_REST_Request $request ): string|null|WP_Error {
		return IdempotencyKey::choose( $request->get_header( IdempotencyKey::HEADER ), $request[ IdempotencyKey::FIELD ] );
	}

	/**
	 * Sender details stored with every message.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 * @return array<string, string|int>
	 */
	protected function sender_meta( WP_REST_Request $request ): array {
		$meta = array(
			MessageFields::IP         => ClientInfo::current_ip(),
			MessageFields::USER_AGENT => ClientInfo::user_agent( $_SERVER ),
			MessageFields::USER_ID    => get_current_user_id(),
		);
		$ids  = AdIds::from_headers( static fn( string $name ): mixed => $request->get_header( $name ) );
		foreach ( $ids as $key => $id ) {
			$meta[ MessageFields::AD_PREFIX . $key ] = $id;
		}
		return $meta;
	}

	protected static function text( mixed $value ): string {
		return is_string( $value ) ? $value : '';
	}

	/**
	 * Response shape shared by both routes.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return self::object_schema(
			$this->bucket(),
			array(
				'success' => array(
					'type'     => 'boolean',
					'readonly' => true,
				),
				'message' => array(
					'type'     => 'string',
					'readonly' => true,
				),
			)
		);
	}
}
