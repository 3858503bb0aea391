<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\Cars\CarFields;
use CarExport\GraphQL\Cost;
use CarExport\GraphQL\Field;
use CarExport\GraphQL\ObjectDefinition;
use CarExport\GraphQL\Resolvers\CarResolver;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\Type;

/**
 * A car, resolved from CarRepository's array. Its spec fields come from CarFields, so a field
 * added there appears here with the right type.
 */
final class CarType extends ObjectDefinition {

	public const DESCRIPTION = 'A published car of the catalogue.';

	public static function fields( TypeRegistry $types ): array {
		return array_merge(
			array(
				'id'         => Field::id( 'The WordPress post id, as a string.' ),
				'databaseId' => Field::int( 'The WordPress post id.' ),
				'slug'       => Field::string(),
				'title'      => Field::string( 'Plain text.' ),
			),
			self::spec_fields( $types ),
			array(
				'description' => Field::string( 'The Seller Note as HTML (paragraphs and shortcodes applied); empty when none.' ),
				'date'        => Field::string( 'Publication time, ISO 8601 in UTC.' ),
				'modified'    => Field::string( 'Last change, ISO 8601 in UTC.' ),
				'image'       => Field::object( $types->get( 'Image' ), 'The featured image, else the first gallery image.' ),
				'images'      => Field::of( $types->list_of( 'Image' ), 'The gallery in order; the featured image alone when the gallery is empty.' ),
				'similarCars' => Field::of(
					$types->list_of( 'Car' ),
					'Available cars of the same body type within 25 % of this price (closest first), without this car.',
					array(
						'args'       => array( 'limit' => Field::int_argument( 4, '1 to 12.' ) ),
						'complexity' => Cost::sized_list( 2, 'limit', CarResolver::MAX_SIMILAR ),
						'resolve'    => static fn ( array $car, array $args ): array => ( new CarResolver() )->similar( $car, $args['limit'] ),
					)
				),
			)
		);
	}

	/**
	 * @return array<string, array<string, mixed>>
	 */
	private static function spec_fields( TypeRegistry $types ): array {
		$fields = array();
		foreach ( CarFields::all() as $key => $field ) {
			$type = match ( $field['type'] ) {
				'int'   => Type::int(),
				'bool'  => Type::nonNull( Type::boolean() ),
				'list'  => Type::nonNull( Type::listOf( Type::nonNull( Type::string() ) ) ),
				'ids'   => null,
				default => Type::string(),
			};
			if ( null === $type ) {
				// Attachment ids are exposed as images, not as numbers.
				continue;
			}
			if ( 'saleStatus' === $key ) {
				// Always one of three values (a missing meta reads as available): an enum, never null.
				$type = $types->non_null( 'CarSaleStatus' );
			}
			$fields[ $key ] = Field::of( $type, self::describe( $key, $field ) );
			if ( 'price' === $key ) {
				$fields['priceText'] = Field::string( 'The price as shown: "$45,000", or "Contact for Price".' );
			}
		}
		return $fields;
	}

	/**
	 * @param array{label: string, type: string, choices?: array<string,string>, help?: string} $field
	 */
	private static function describe( string $key, array $field ): string {
		if ( 'price' === $key ) {
			return 'Price in USD; null means "Contact for Price".';
		}
		$description = $field['label'] . '.';
		if ( isset( $field['choices'] ) ) {
			$description = $field['label'] . ': one of ' . implode( ', ', array_keys( $field['choices'] ) ) . '.';
		} elseif ( isset( $field['help'] ) && 'list' !== $field['type'] ) {
			$description .= ' ' . $field['help'];
		}
		return $description;
	}
}
