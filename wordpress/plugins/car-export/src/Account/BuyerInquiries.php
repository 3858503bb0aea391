<?php
declare(strict_types=1);

namespace CarExport\Account;

use CarExport\Messages\LeadStatus;
use CarExport\Messages\MessageFields;
use CarExport\Messages\SuspectedLeads;

/**
 * The inquiries a buyer sent while signed in, as the buyer may see them: the car, the date, the
 * message and whether staff have answered. Staff notes, the status's detail (won, lost), contact
 * data and every internal field stay in wp-admin.
 */
final class BuyerInquiries {

	public const SENT     = 'sent';
	public const ANSWERED = 'answered';

	/**
	 * @return list<array{id: int, carId: int, carTitle: string, date: string, message: string, status: string}>
	 */
	public static function of( int $user_id ): array {
		if ( $user_id <= 0 ) {
			return array();
		}
		$posts = get_posts(
			array(
				'post_type'        => MessageFields::INQUIRY,
				// One the spam guard holds back is still what the buyer sent: listed as sent.
				'post_status'      => array( SuspectedLeads::ORDINARY, SuspectedLeads::STATUS ),
				'author'           => $user_id,
				// The newest 50: a buyer with more finds older ones in the replies they got.
				'posts_per_page'   => 50,
				'orderby'          => 'date',
				'order'            => 'DESC',
				'no_found_rows'    => true,
				'suppress_filters' => true,
			)
		);
		$list = array();
		foreach ( $posts as $post ) {
			$car_id = (int) get_post_meta( $post->ID, MessageFields::CAR_ID, true );
			$list[] = array(
				'id'       => $post->ID,
				'carId'    => $car_id,
				'carTitle' => (string) get_post_meta( $post->ID, MessageFields::CAR_TITLE, true ),
				'date'     => mysql_to_rfc3339( $post->post_date_gmt ),
				'message'  => $post->post_content,
				'status'   => self::status( get_post_meta( $post->ID, MessageFields::STATUS, true ) ),
			);
		}
		return $list;
	}

	/**
	 * Any status staff set after "new" (contacted, won, lost) means someone got back to the buyer.
	 */
	public static function status( mixed $stored ): string {
		return LeadStatus::NEW === LeadStatus::of( $stored ) ? self::SENT : self::ANSWERED;
	}
}
