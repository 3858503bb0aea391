<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * A published WordPress post shown as a news article.
 */
final class NewsPostType {

	public static function create( TypeRegistry $types ): ObjectType {
		return new ObjectType(
			array(
				'name'   => 'NewsPost',
				'fields' => static fn (): array => Cost::apply(
					array(
						'id'           => array(
							'type'        => Type::nonNull( Type::id() ),
							'description' => 'The WordPress post id, as a string.',
						),
						'databaseId'   => array( 'type' => Type::nonNull( Type::int() ) ),
						'slug'         => array( 'type' => Type::nonNull( Type::string() ) ),
						'title'        => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'Plain text.',
						),
						'excerpt'      => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'Plain text: the written excerpt, else the first words of the content.',
						),
						'content'      => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'HTML.',
						),
						'date'         => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'ISO 8601 in UTC.',
						),
						'modified'     => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'ISO 8601 in UTC.',
						),
						'categories'   => array(
							'type'        => Type::nonNull( Type::listOf( Type::nonNull( Type::string() ) ) ),
							'description' => 'Category names.',
						),
						'image'        => array(
							'type'        => $types->get( 'Image' ),
							'description' => 'The featured image.',
							'complexity'  => Cost::object( 1 ),
						),
						'keySpecs'     => array( 'type' => $types->list_of( 'KeySpec' ) ),
						'heroTitle'    => array( 'type' => Type::string() ),
						'heroSubtitle' => array( 'type' => Type::string() ),
					)
				),
			)
		);
	}
}
