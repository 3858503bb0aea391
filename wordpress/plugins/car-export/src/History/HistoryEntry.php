<?php
declare(strict_types=1);

namespace CarExport\History;

use CarExport\Cars\CarFields;
use CarExport\Cars\SaleStatus;
use CarExport\Messages\LeadStatus;

/**
 * One recorded change of a tracked value: which value, from what to what, who made it, when, and
 * through which screen. Values are kept as stored (normalised), and put into words only to show.
 *
 * Pure logic: runs under plain PHPUnit.
 */
final class HistoryEntry {

	public const PRICE       = 'price';
	public const SALE_STATUS = 'saleStatus';
	public const LEAD_STATUS = 'leadStatus';

	/** The screens a change can come through, as staff know them. */
	public const VIA_FORM        = 'form';
	public const VIA_QUICK_EDIT  = 'Quick Edit';
	public const VIA_BULK_EDIT   = 'Bulk Edit';
	public const VIA_CSV_IMPORT  = 'CSV import';
	public const VIA_WP_CLI      = 'WP-CLI';
	public const VIA_LEAD_LIST   = 'Lead list';
	public const VIA_BULK_ACTION = 'Bulk action';
	public const VIA_OTHER       = 'other';

	private function __construct(
		public readonly string $field,
		public readonly string $from,
		public readonly string $to,
		public readonly string $via,
		public readonly int $user_id,
		public readonly string $user_name,
		public readonly int $at,
	) {}

	/**
	 * The entry for a value that went from $from to $to, or null when nothing a reader would notice
	 * changed: a missing sale status and "available" are the same status (the site reads it so),
	 * as are a missing lead status and "new", and a price stored as 25000 or "25000".
	 */
	public static function of_change( string $field, mixed $from, mixed $to, string $via, int $user_id, string $user_name, int $at ): ?self {
		$from = self::normalize( $field, $from );
		$to   = self::normalize( $field, $to );
		if ( $from === $to ) {
			return null;
		}
		return new self( $field, $from, $to, $via, $user_id, $user_name, $at );
	}

	public static function normalize( string $field, mixed $value ): string {
		return match ( $field ) {
			self::SALE_STATUS => SaleStatus::normalize( $value ),
			self::LEAD_STATUS => LeadStatus::of( $value ),
			// A price that is not a whole number is no price: the site shows "Contact for Price".
			default => is_scalar( $value ) && preg_match( '/^\d+$/', trim( (string) $value ) ) ? (string) (int) trim( (string) $value ) : '',
		};
	}

	/** "Price", "Sale status", "Lead status". */
	public function label(): string {
		return match ( $this->field ) {
			self::SALE_STATUS => __( 'Sale status', 'car-export' ),
			self::LEAD_STATUS => __( 'Lead status', 'car-export' ),
			default => __( 'Price', 'car-export' ),
		};
	}

	/** A value of this entry's field in words: "$25,000", "Contact for Price", "Reserved", "Won". */
	public function value_text( string $value ): string {
		return match ( $this->field ) {
			self::SALE_STATUS => CarFields::SALE_STATUSES[ $value ] ?? $value,
			self::LEAD_STATUS => LeadStatus::labels()[ $value ] ?? $value,
			default => '' === $value ? __( 'Contact for Price', 'car-export' ) : '$' . number_format( (int) $value ),
		};
	}

	/** "Price: $25,000 → $23,900". */
	public function summary(): string {
		/* translators: 1: what changed, 2: the value before, 3: the value after. */
		return sprintf( __( '%1$s: %2$s → %3$s', 'car-export' ), $this->label(), $this->value_text( $this->from ), $this->value_text( $this->to ) );
	}

	/**
	 * @return array{field: string, from: string, to: string, via: string, user: int, name: string, at: int}
	 */
	public function to_stored(): array {
		return array(
			'field' => $this->field,
			'from'  => $this->from,
			'to'    => $this->to,
			'via'   => $this->via,
			'user'  => $this->user_id,
			'name'  => $this->user_name,
			'at'    => $this->at,
		);
	}

	/** The entry a stored row holds, or null for a row that is not one (never shown half-read). */
	public static function from_stored( mixed $stored ): ?self {
		if ( ! is_array( $stored ) ) {
			return null;
		}
		foreach ( array( 'field', 'from', 'to', 'via', 'name' ) as $key ) {
			if ( ! is_string( $stored[ $key ] ?? null ) ) {
				return null;
			}
		}
		if ( ! is_int( $stored['user'] ?? null ) || ! is_int( $stored['at'] ?? null ) ) {
			return null;
		}
		return new self( $stored['field'], $stored['from'], $stored['to'], $stored['via'], $stored['user'], $stored['name'], $stored['at'] );
	}
}
