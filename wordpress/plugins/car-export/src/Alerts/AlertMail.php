<?php
declare(strict_types=1);

namespace CarExport\Alerts;

use CarExport\Cars\CarRepository;
use CarExport\Mail\LeadMail;
use CarExport\Messages\MessageStore;

/**
 * A buyer's alert digest: the new matches of each saved search (photo, title, price, a link to the
 * car's page on the site) and the reduced prices of their favourites, as HTML with a plain-text twin,
 * a link to manage the alerts and a one-click unsubscribe (RFC 8058: List-Unsubscribe with an https
 * link carrying the signed token, and List-Unsubscribe-Post), so a mail program's "Unsubscribe"
 * stops the alerts without the buyer signing in.
 *
 * @phpstan-import-type Pending from AlertDigest
 * @phpstan-type Composed array{subject: string, html: string, text: string, headers: list<string>}
 */
final class AlertMail {

	/**
	 * @param Pending $pending
	 * @return Composed|null null when none of the cars is still published.
	 */
	public static function compose( \WP_User $user, array $pending ): ?array {
		$repository = new CarRepository();
		$names      = array();
		foreach ( SavedSearches::read( $user->ID ) as $search ) {
			$names[ $search['id'] ] = $search['name'];
		}
		$groups = array();
		foreach ( $pending['matches'] as $row ) {
			if ( isset( $names[ $row['search'] ] ) ) {
				$groups[ $row['search'] ][] = $row['car'];
			}
		}
		$cars = array();
		foreach ( $repository->find_many( array_merge( array_merge( array(), ...array_values( $groups ) ), array_column( $pending['drops'], 'car' ) ) ) as $car ) {
			$cars[ (int) $car['databaseId'] ] = $car;
		}

		$html  = '';
		$text  = '';
		$count = 0;
		foreach ( $groups as $search_id => $car_ids ) {
			$shown = array_values( array_filter( array_unique( $car_ids ), static fn( int $id ): bool => isset( $cars[ $id ] ) ) );
			if ( array() === $shown ) {
				continue;
			}
			/* translators: %s: the saved search's name. */
			$heading = sprintf( __( 'New for “%s”', 'car-export' ), $names[ $search_id ] );
			$html   .= '<h2 style="font-size:18px;margin:24px 0 8px;color:#0f172a">' . esc_html( $heading ) . '</h2>';
			$text   .= $heading . "\n";
			foreach ( $shown as $car_id ) {
				$html .= self::car_html( $cars[ $car_id ], '' );
				$text .= self::car_text( $cars[ $car_id ], '' );
				++$count;
			}
			$text .= "\n";
		}
		$drops      = '';
		$drops_text = '';
		$dropped    = 0;
		foreach ( $pending['drops'] as $drop ) {
			$car = $cars[ $drop['car'] ] ?? null;
			if ( null === $car || ! is_int( $car['price'] ) || $car['price'] >= $drop['from'] ) {
				continue;
			}
			/* translators: %s: the price before the reduction. */
			$was         = sprintf( __( 'was %s', 'car-export' ), CarRepository::price_text( $drop['from'] ) );
			$drops      .= self::car_html( $car, $was );
			$drops_text .= self::car_text( $car, $was );
			++$dropped;
		}
		if ( 0 === $count + $dropped ) {
			return null;
		}
		if ( '' !== $drops ) {
			$html .= '<h2 style="font-size:18px;margin:24px 0 8px;color:#0f172a">' . esc_html__( 'Price drops on your favourites', 'car-export' ) . '</h2>' . $drops;
			$text .= __( 'Price drops on your favourites', 'car-export' ) . "\n" . $drops_text;
		}

		$manage      = LeadMail::site_url( '/account/alerts' );
		$unsubscribe = self::unsubscribe_url( $user->ID );
		$company     = wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES );
		$subject     = self::subject( $count, $dropped );

		$footer = '<p style="margin:32px 0 0;font-size:13px;color:#64748b">'
			. esc_html__( 'You get this because you asked for alerts about new matches.', 'car-export' ) . ' '
			. ( '' === $manage ? '' : '<a href="' . esc_url( $manage ) . '" style="color:#1d4ed8">' . esc_html__( 'Manage alerts', 'car-export' ) . '</a> · ' )
			. '<a href="' . esc_url( $unsubscribe ) . '" style="color:#1d4ed8">' . esc_html__( 'Unsubscribe', 'car-export' ) . '</a></p>';
		$page   = '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>' . esc_html( $subject ) . '</title></head>'
			. '<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">'
			. '<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff">'
			. '<p style="margin:0;font-size:14px;font-weight:bold;color:#ea580c">' . esc_html( $company ) . '</p>'
			. '<h1 style="font-size:22px;margin:8px 0 0">' . esc_html( $subject ) . '</h1>'
			. $html . $footer . '</div></body></html>';

		$text .= "\n" . ( '' === $manage ? '' : __( 'Manage alerts:', 'car-export' ) . ' ' . $manage . "\n" ) . __( 'Unsubscribe:', 'car-export' ) . ' ' . $unsubscribe . "\n";

		return array(
			'subject' => MessageStore::single_line( $subject ),
			'html'    => $page,
			'text'    => $text,
			'headers' => array(
				'Content-Type: text/html; charset=UTF-8',
				'List-Unsubscribe: <' . $unsubscribe . '>',
				'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
			),
		);
	}

	/**
	 * Says what the digest holds: the new matches, else the price drops.
	 */
	private static function subject( int $matches, int $dropped ): string {
		if ( 1 === $matches ) {
			return __( 'A new match for your saved search', 'car-export' );
		}
		if ( $matches > 1 ) {
			/* translators: %d: number of new matching cars. */
			return sprintf( __( '%d new matches for your saved searches', 'car-export' ), $matches );
		}
		return 1 === $dropped
			? __( 'A price drop on your favourites', 'car-export' )
			/* translators: %d: number of favourites whose price was reduced. */
			: sprintf( __( '%d price drops on your favourites', 'car-export' ), $dropped );
	}

	/**
	 * Sends the HTML with its plain-text part; true when the mail server took it.
	 *
	 * @param Composed $mail
	 */
	public static function send( string $to, array $mail ): bool {
		$alt = static function ( \PHPMailer\PHPMailer\PHPMailer $mailer ) use ( $mail ): void {
			$mailer->AltBody = $mail['text']; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's own property.
		};
		add_action( 'phpmailer_init', $alt );
		try {
			return wp_mail( $to, $mail['subject'], $mail['html'], $mail['headers'] );
		} catch ( \Throwable $e ) {
			return false;
		} finally {
			remove_action( 'phpmailer_init', $alt );
		}
	}

	/**
	 * The site's unsubscribe page (it asks WordPress through the REST route); WordPress's own route
	 * where the site's address is not configured.
	 */
	public static function unsubscribe_url( int $user_id ): string {
		$query = array(
			'user'  => $user_id,
			'token' => UnsubscribeToken::for_user( $user_id ),
		);
		$site  = LeadMail::site_url( '/alerts/unsubscribe' );
		return add_query_arg( $query, '' === $site ? rest_url( 'car-export/v1/alerts/unsubscribe' ) : $site );
	}

	/**
	 * @param array<string, mixed> $car
	 */
	private static function car_html( array $car, string $note ): string {
		$url   = LeadMail::car_url( (int) $car['databaseId'] );
		$image = is_array( $car['image'] ?? null ) && is_string( $car['image']['url'] ?? null ) ? $car['image']['url'] : '';
		$title = (string) $car['title'];
		$cell  = '' === $image ? '' : '<td style="width:160px;padding:0 12px 0 0;vertical-align:top"><a href="' . esc_url( $url ) . '"><img src="' . esc_url( $image ) . '" alt="' . esc_attr( $title ) . '" width="160" style="display:block;width:160px;height:auto;border-radius:8px;border:0"></a></td>';
		return '<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;border-collapse:collapse"><tr>' . $cell
			. '<td style="vertical-align:top"><a href="' . esc_url( $url ) . '" style="font-size:16px;font-weight:bold;color:#0f172a;text-decoration:none">' . esc_html( $title ) . '</a>'
			. '<p style="margin:4px 0 0;font-size:16px;font-weight:bold;color:#ea580c">' . esc_html( (string) $car['priceText'] )
			. ( '' === $note ? '' : ' <span style="font-weight:normal;color:#64748b;text-decoration:line-through">' . esc_html( $note ) . '</span>' ) . '</p>'
			. '<p style="margin:8px 0 0"><a href="' . esc_url( $url ) . '" style="color:#1d4ed8">' . esc_html__( 'View the car', 'car-export' ) . '</a></p></td></tr></table>';
	}

	/**
	 * @param array<string, mixed> $car
	 */
	private static function car_text( array $car, string $note ): string {
		return '- ' . MessageStore::single_line( (string) $car['title'] ) . ': ' . (string) $car['priceText'] . ( '' === $note ? '' : ' (' . $note . ')' ) . "\n  " . LeadMail::car_url( (int) $car['databaseId'] ) . "\n";
	}
}
