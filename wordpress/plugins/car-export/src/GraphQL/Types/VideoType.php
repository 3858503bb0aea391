<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Field;
use CarExport\GraphQL\ObjectDefinition;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\Type;

final class VideoType extends ObjectDefinition {

	public static function fields( TypeRegistry $types ): array {
		return array(
			'id'        => Field::id(),
			'title'     => Field::string(),
			'videoUrl'  => Field::string( 'The uploaded file, else the external URL.' ),
			'thumbnail' => Field::object( $types->get( 'Image' ) ),
			'duration'  => Field::of( Type::int(), 'Seconds; null when unknown.' ),
		);
	}
}
