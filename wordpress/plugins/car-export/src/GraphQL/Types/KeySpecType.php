<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

final class KeySpecType {

	public static function create( TypeRegistry $types ): ObjectType {
		unset( $types );
		return new ObjectType(
			array(
				'name'        => 'KeySpec',
				'description' => 'A key-specification card of a news article.',
				'fields'      => static fn (): array => Cost::apply(
					array(
						'label' => array( 'type' => Type::nonNull( Type::string() ) ),
						'value' => array( 'type' => Type::nonNull( Type::string() ) ),
					)
				),
			)
		);
	}
}
