<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\Cars\CarFields;
use CarExport\GraphQL\Cost;
use CarExport\GraphQL\Resolvers\CarResolver;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * A car, resolved from CarRepository's array. Its spec fields come from CarFields, so a field
 * added there appears here with the right type.
 */
final class CarType {

	public static function create( TypeRegistry $types ): ObjectType {
		return new ObjectType(
			array(
				'name'        => 'Car',
				'description' => 'A published car of the catalogue.',
				'fields'      => static fn (): array => Cost::apply(
					array_merge(
						array(
							'id'         => array(
								'type'        => Type::nonNull( Type::id() ),
								'description' => 'The WordPress post id, as a string.',
							),
							'databaseId' => array(
								'type'        => Type::nonNull( Type::int() ),
								'description' => 'The WordPress post id.',
							),
							'slug'       => array( 'type' => Type::nonNull( Type::string() ) ),
							'title'      => array(
								'type'        => Type::nonNull( Type::string() ),
								'description' => 'Plain text.',
							),
						),
						self::spec_fields( $types ),
						array(
							'description' => array(
								'type'        => Type::nonNull( Type::string() ),
								'description' => 'The Seller Note as HTML (paragraphs and shortcodes applied); empty when none.',
							),
							'date'        => array(
								'type'        => Type::nonNull( Type::string() ),
								'description' => 'Publication time, ISO 8601 in UTC.',
							),
							'modified'    => array(
								'type'        => Type::nonNull( Type::string() ),
								'description' => 'Last change, ISO 8601 in UTC.',
							),
							'image'       => array(
								'type'        => $types->get( 'Image' ),
								'description' => 'The featured image, else the first gallery image.',
								'complexity'  => Cost::object( 1 ),
							),
							'images'      => array(
								'type'        => $types->list_of( 'Image' ),
								'description' => 'The gallery in order; the featured image alone when the gallery is empty.',
							),
							'similarCars' => array(
								'type'        => $types->list_of( 'Car' ),
								'description' => 'Available cars of the same body type within 25 % of this price (closest first), without this car.',
								'args'        => array(
									'limit' => array(
										'type'         => Type::int(),
										'defaultValue' => 4,
										'description'  => '1 to 12.',
									),
								),
								'complexity'  => Cost::sized_list( 2, 'limit', CarResolver::MAX_SIMILAR ),
								'resolve'     => static fn ( array $car, array $args ): array => ( new CarResolver() )->similar( $car, $args['limit'] ),
							),
						)
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
			$fields[ $key ] = array(
				'type'        => $type,
				'description' => self::describe( $key, $field ),
			);
			if ( 'price' === $key ) {
				$fields['priceText'] = array(
					'type'        => Type::nonNull( Type::string() ),
					'description' => 'The price as shown: "$45,000", or "Contact for Price".',
				);
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
