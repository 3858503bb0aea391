<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

final class ImageSizeType {

	public static function create( TypeRegistry $types ): ObjectType {
		unset( $types );
		return new ObjectType(
			array(
				'name'        => 'ImageSize',
				'description' => 'One file of an image: a size WordPress made (WebP for JPEG and PNG uploads, with an AVIF twin where WordPress can write AVIF) or the original upload ("full").',
				'fields'      => static fn (): array => Cost::apply(
					array(
						'name'     => array( 'type' => Type::nonNull( Type::string() ) ),
						'url'      => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'Absolute URL.',
						),
						'width'    => array( 'type' => Type::nonNull( Type::int() ) ),
						'height'   => array( 'type' => Type::nonNull( Type::int() ) ),
						'mimeType' => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'The file\'s MIME type, for example image/webp.',
						),
					)
				),
			)
		);
	}
}
