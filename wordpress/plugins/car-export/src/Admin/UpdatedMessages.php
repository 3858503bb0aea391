<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Cars\CarFields;
use CarExport\Messages\MessageFields;
use CarExport\Service;

/**
 * The sentences WordPress prints after a save or a bulk change, in the words of the thing changed:
 * "Lead updated.", "2 leads updated.", "2 cars moved to the Trash.", never core's generic "Post
 * updated." or "2 posts updated." for a type that registers no words of its own. (A car's single
 * messages are CarAdmin's, beside its form.)
 */
final class UpdatedMessages implements Service {

	public function register(): void {
		add_filter( 'post_updated_messages', array( $this, 'lead_messages' ) );
		add_filter( 'bulk_post_updated_messages', array( $this, 'bulk_messages' ), 10, 2 );
	}

	/**
	 * A lead is read, never edited: its one save (status and notes) says "Lead updated.".
	 *
	 * @param array<string, array<int, string|false>> $messages
	 * @return array<string, array<int, string|false>>
	 */
	public function lead_messages( array $messages ): array {
		$updated = __( 'Lead updated.', 'car-export' );
		foreach ( MessageFields::post_types() as $post_type ) {
			$messages[ $post_type ]    = array_fill( 0, 11, $updated );
			$messages[ $post_type ][0] = '';
		}
		return $messages;
	}

	/**
	 * @param array<string, array<string, string>> $messages
	 * @param array<string, int>                   $counts   Core's counts: updated, locked, deleted, trashed, untrashed.
	 * @return array<string, array<string, string>>
	 */
	public function bulk_messages( array $messages, array $counts ): array {
		$messages[ CarFields::POST_TYPE ] = self::bulk( $counts, 'car' );
		foreach ( MessageFields::post_types() as $post_type ) {
			$messages[ $post_type ] = self::bulk( $counts, 'lead' );
		}
		return $messages;
	}

	/**
	 * @param array<string, int> $counts
	 * @return array<string, string>
	 */
	public static function bulk( array $counts, string $noun ): array {
		$count = static fn ( string $key ): int => (int) ( $counts[ $key ] ?? 0 );
		if ( 'car' === $noun ) {
			return array(
				/* translators: %s: number of cars. */
				'updated'   => _n( '%s car updated.', '%s cars updated.', $count( 'updated' ), 'car-export' ),
				/* translators: %s: number of cars. */
				'locked'    => _n( '%s car not updated, somebody is editing it.', '%s cars not updated, somebody is editing them.', $count( 'locked' ), 'car-export' ),
				/* translators: %s: number of cars. */
				'deleted'   => _n( '%s car permanently deleted.', '%s cars permanently deleted.', $count( 'deleted' ), 'car-export' ),
				/* translators: %s: number of cars. */
				'trashed'   => _n( '%s car moved to the Trash.', '%s cars moved to the Trash.', $count( 'trashed' ), 'car-export' ),
				/* translators: %s: number of cars. */
				'untrashed' => _n( '%s car restored from the Trash.', '%s cars restored from the Trash.', $count( 'untrashed' ), 'car-export' ),
			);
		}
		return array(
			/* translators: %s: number of leads. */
			'updated'   => _n( '%s lead updated.', '%s leads updated.', $count( 'updated' ), 'car-export' ),
			/* translators: %s: number of leads. */
			'locked'    => _n( '%s lead not updated, somebody is editing it.', '%s leads not updated, somebody is editing them.', $count( 'locked' ), 'car-export' ),
			/* translators: %s: number of leads. */
			'deleted'   => _n( '%s lead permanently deleted.', '%s leads permanently deleted.', $count( 'deleted' ), 'car-export' ),
			/* translators: %s: number of leads. */
			'trashed'   => _n( '%s lead moved to the Trash.', '%s leads moved to the Trash.', $count( 'trashed' ), 'car-export' ),
			/* translators: %s: number of leads. */
			'untrashed' => _n( '%s lead restored from the Trash.', '%s leads restored from the Trash.', $count( 'untrashed' ), 'car-export' ),
		);
	}
}
