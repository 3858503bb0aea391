<?php
declare(strict_types=1);

namespace CarExport\Messages;

/**
 * One private note of staff on a lead: who wrote it, when, and what. Notes are only ever added,
 * each as its own meta row, so the history shows what was known at each step and nobody's note
 * is overwritten by a colleague saving the same lead.
 */
final class LeadNote {

	public const MAX_LENGTH = 10000;

	private function __construct(
		public readonly int $author,
		public readonly int $time,
		public readonly string $text
	) {}

	/**
	 * A new note, or null when there is nothing to keep (only white space) or it is too long.
	 */
	public static function create( int $author, int $time, string $text ): ?self {
		$text = trim( $text );
		if ( '' === $text || mb_strlen( $text ) > self::MAX_LENGTH ) {
			return null;
		}
		return new self( $author, $time, $text );
	}

	/**
	 * A note as read back from its meta row, or null when the row is not a note.
	 */
	public static function from_stored( mixed $stored ): ?self {
		if ( ! is_array( $stored ) || ! isset( $stored['author'], $stored['time'], $stored['text'] ) ) {
			return null;
		}
		if ( ! is_int( $stored['author'] ) || ! is_int( $stored['time'] ) || ! is_string( $stored['text'] ) || '' === $stored['text'] ) {
			return null;
		}
		return new self( $stored['author'], $stored['time'], $stored['text'] );
	}

	/**
	 * @return array{author: int, time: int, text: string} What one meta row holds.
	 */
	public function to_stored(): array {
		return array(
			'author' => $this->author,
			'time'   => $this->time,
			'text'   => $this->text,
		);
	}

	/**
	 * The notes of a lead, oldest first (the order they were written in; rows that are not notes
	 * left out). Notes written in the same second keep the order they were stored in.
	 *
	 * @param array<mixed> $rows Every meta row of the notes key.
	 * @return list<self>
	 */
	public static function history( array $rows ): array {
		$notes = array();
		foreach ( array_values( $rows ) as $row ) {
			$note = self::from_stored( $row );
			if ( null !== $note ) {
				$notes[] = $note;
			}
		}
		// usort is stable since PHP 8.0, so equal times keep their stored order.
		usort( $notes, static fn( self $a, self $b ): int => $a->time <=> $b->time );
		return $notes;
	}

	/**
	 * Every note of a lead, oldest first. Notes kept as one text before notes had a history come
	 * first, with no author and no time.
	 *
	 * @return list<self>
	 */
	public static function of_lead( int $post_id ): array {
		$notes  = self::history( get_post_meta( $post_id, MessageFields::NOTE_LOG, false ) );
		$legacy = get_post_meta( $post_id, MessageFields::NOTES, true );
		if ( is_string( $legacy ) && '' !== trim( $legacy ) ) {
			array_unshift( $notes, new self( 0, 0, trim( $legacy ) ) );
		}
		return $notes;
	}

	/** Who wrote the note, as staff know them; empty for notes from before the history. */
	public function author_name(): string {
		if ( $this->author <= 0 ) {
			return '';
		}
		$user = get_userdata( $this->author );
		/* translators: %d: user id of a deleted account. */
		return $user instanceof \WP_User ? $user->display_name : sprintf( __( 'user #%d (deleted)', 'car-export' ), $this->author );
	}

	/** "2026-11-27 14:05" in the site's time zone; empty for notes from before the history. */
	public function when(): string {
		return $this->time > 0 ? (string) wp_date( 'Y-m-d H:i', $this->time ) : '';
	}
}
