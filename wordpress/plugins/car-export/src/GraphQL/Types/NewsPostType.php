<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Field;
use CarExport\GraphQL\ObjectDefinition;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\Type;

/**
 * A published WordPress post shown as a news article.
 */
final class NewsPostType extends ObjectDefinition {

	public static function fields( TypeRegistry $types ): array {
		return array(
			'id'           => Field::id( 'The WordPress post id, as a string.' ),
			'databaseId'   => Field::int(),
			'slug'         => Field::string(),
			'title'        => Field::string( 'Plain text.' ),
			'excerpt'      => Field::string( 'Plain text: the written excerpt, else the first words of the content.' ),
			'content'      => Field::string( 'HTML.' ),
			'date'         => Field::string( 'ISO 8601 in UTC.' ),
			'modified'     => Field::string( 'ISO 8601 in UTC.' ),
			'categories'   => Field::strings( 'Category names.' ),
			'image'        => Field::object( $types->get( 'Image' ), 'The featured image.' ),
			'keySpecs'     => Field::of( $types->list_of( 'KeySpec' ) ),
			'heroTitle'    => Field::of( Type::string() ),
			'heroSubtitle' => Field::of( Type::string() ),
		);
	}
}
