<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * An image from the media library with every size WordPress made of it.
 */
final class ImageType {

	public static function create( TypeRegistry $types ): ObjectType {
		return new ObjectType(
			array(
				'name'   => 'Image',
				'fields' => static fn (): array => Cost::apply(
					array(
						'id'     => array(
							'type'        => Type::nonNull( Type::int() ),
							'description' => 'The attachment id.',
						),
						'alt'    => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'Alternative text; empty when staff gave none.',
						),
						'url'    => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'Absolute URL of the full-size file.',
						),
						'width'  => array( 'type' => Type::nonNull( Type::int() ) ),
						'height' => array( 'type' => Type::nonNull( Type::int() ) ),
						'sizes'  => array(
							'type'        => $types->list_of( 'ImageSize' ),
							'description' => 'Every size that exists (thumbnail, car-thumb, medium, medium_large, large, ...), "full" (the original upload) last; a size with copies in several formats is listed once per format.',
						),
						'size'   => array(
							'type'        => $types->get( 'ImageSize' ),
							'description' => 'One size by name, for example car-thumb (300x300 crop) or full, in its main format; null when that size was not made.',
							'args'        => array(
								'name' => array( 'type' => Type::nonNull( Type::string() ) ),
							),
							'complexity'  => Cost::object( 1 ),
							'resolve'     => static function ( array $image, array $args ): ?array {
								foreach ( $image['sizes'] as $size ) {
									if ( $size['name'] === $args['name'] ) {
										return $size;
									}
								}
								return null;
							},
						),
					)
				),
			)
		);
	}
}
