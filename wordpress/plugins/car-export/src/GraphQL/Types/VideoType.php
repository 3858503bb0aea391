<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

final class VideoType {

	public static function create( TypeRegistry $types ): ObjectType {
		return new ObjectType(
			array(
				'name'   => 'Video',
				'fields' => static fn (): array => Cost::apply(
					array(
						'id'        => array( 'type' => Type::nonNull( Type::id() ) ),
						'title'     => array( 'type' => Type::nonNull( Type::string() ) ),
						'videoUrl'  => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'The uploaded file, else the external URL.',
						),
						'thumbnail' => array(
							'type'       => $types->get( 'Image' ),
							'complexity' => Cost::object( 1 ),
						),
						'duration'  => array(
							'type'        => Type::int(),
							'description' => 'Seconds; null when unknown.',
						),
					)
				),
			)
		);
	}
}
