<?php
/**
 * A lead: what a visitor sent through the contact or inquiry form.
 *
 * @package CarExport
 */

declare(strict_types=1);

namespace CarExport\Messages;

/**
 * One lead as the store keeps it, the mailer tells staff of it and the retry sends it again:
 * its kind (contact message or car inquiry), who sent it and how to reach them, the message,
 * the car an inquiry is about, and what is recorded about the sender. Immutable: with_meta()
 * makes a new lead.
 */
final class Lead {

	/**
	 * @param string                    $type    MessageFields::CONTACT or MessageFields::INQUIRY.
	 * @param string                    $name    The sender's name (a contact's first and last name).
	 * @param string                    $email   The sender's e-mail address.
	 * @param string                    $phone   The sender's phone number ('' when not given).
	 * @param string                    $message What the sender wrote.
	 * @param array<string, string|int> $extra   Further meta (names, car, sender details, key).
	 */
	private function __construct(
		public readonly string $type,
		public readonly string $name,
		public readonly string $email,
		public readonly string $phone,
		public readonly string $message,
		private readonly array $extra
	) {}

	/**
	 * A message of the general contact form.
	 *
	 * @param array<string, string|int> $sender Meta about the sender (address, browser, account, ad ids).
	 */
	public static function contact( string $first_name, string $last_name, string $email, string $phone, string $message, array $sender = array() ): self {
		return new self(
			MessageFields::CONTACT,
			trim( $first_name . ' ' . $last_name ),
			$email,
			$phone,
			$message,
			array(
				MessageFields::FIRST_NAME => $first_name,
				MessageFields::LAST_NAME  => $last_name,
			) + $sender
		);
	}

	/**
	 * An inquiry about one car; the car's title is kept as it was when the inquiry was sent.
	 *
	 * @param array<string, string|int> $sender Meta about the sender (address, browser, account, ad ids).
	 */
	public static function inquiry( int $car_id, string $car_title, string $name, string $email, string $phone, string $message, array $sender = array() ): self {
		return new self(
			MessageFields::INQUIRY,
			$name,
			$email,
			$phone,
			$message,
			array(
				MessageFields::CAR_ID    => $car_id,
				MessageFields::CAR_TITLE => $car_title,
			) + $sender
		);
	}

	/**
	 * The lead as stored in a message post (what a retry of its mail reads), or null when the post
	 * is not a lead.
	 */
	public static function from_post( \WP_Post $post ): ?self {
		if ( ! in_array( $post->post_type, MessageFields::post_types(), true ) ) {
			return null;
		}
		$meta  = static function ( string $key ) use ( $post ): string {
			$value = get_post_meta( $post->ID, $key, true );
			return is_scalar( $value ) ? (string) $value : '';
		};
		$extra = array();
		foreach ( array( MessageFields::FIRST_NAME, MessageFields::LAST_NAME, MessageFields::CAR_TITLE, MessageFields::PORT ) as $key ) {
			$extra[ $key ] = $meta( $key );
		}
		$extra[ MessageFields::CAR_ID ] = (int) $meta( MessageFields::CAR_ID );
		return new self(
			$post->post_type,
			$meta( MessageFields::NAME ),
			$meta( MessageFields::EMAIL ),
			$meta( MessageFields::PHONE ),
			trim( (string) get_post_field( 'post_content', $post->ID, 'raw' ) ),
			$extra
		);
	}

	/**
	 * The same lead with more meta (its idempotency key, its status for staff).
	 *
	 * @param array<string, string|int> $meta meta key => value
	 */
	public function with_meta( array $meta ): self {
		return new self( $this->type, $this->name, $this->email, $this->phone, $this->message, $meta + $this->extra );
	}

	public function is_inquiry(): bool {
		return MessageFields::INQUIRY === $this->type;
	}

	/** The car an inquiry is about; 0 for a contact message. */
	public function car_id(): int {
		return (int) ( $this->extra[ MessageFields::CAR_ID ] ?? 0 );
	}

	public function car_title(): string {
		return (string) ( $this->extra[ MessageFields::CAR_TITLE ] ?? '' );
	}

	/** The title of the message post staff see in the list: the sender's name. */
	public function title(): string {
		return $this->name;
	}

	/**
	 * Everything stored as post meta, empty values left out.
	 *
	 * @return array<string, string|int> meta key => value
	 */
	public function meta(): array {
		$meta = array(
			MessageFields::NAME  => $this->name,
			MessageFields::EMAIL => $this->email,
			MessageFields::PHONE => $this->phone,
		) + $this->extra;
		return array_filter( $meta, static fn( mixed $value ): bool => '' !== $value && 0 !== $value );
	}
}
