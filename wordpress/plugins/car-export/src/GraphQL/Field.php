<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

use GraphQL\Type\Definition\Type;

/**
 * Field configs of the shapes the schema repeats: a non-null scalar, with a description when the
 * name alone does not say what the value holds. Anything else (arguments, resolvers, a cost of its
 * own) is passed through of().
 */
final class Field {

	/** @return array<string, mixed> */
	public static function id( ?string $description = null ): array {
		return self::of( Type::nonNull( Type::id() ), $description );
	}

	/** @return array<string, mixed> */
	public static function int( ?string $description = null ): array {
		return self::of( Type::nonNull( Type::int() ), $description );
	}

	/** @return array<string, mixed> */
	public static function float( ?string $description = null ): array {
		return self::of( Type::nonNull( Type::float() ), $description );
	}

	/** @return array<string, mixed> */
	public static function string( ?string $description = null ): array {
		return self::of( Type::nonNull( Type::string() ), $description );
	}

	/**
	 * [String!]!
	 *
	 * @return array<string, mixed>
	 */
	public static function strings( ?string $description = null ): array {
		return self::of( Type::nonNull( Type::listOf( Type::nonNull( Type::string() ) ) ), $description );
	}

	/**
	 * A field of one object (an image, a settings block): it costs 1, as every object does.
	 *
	 * @return array<string, mixed>
	 */
	public static function object( Type $type, ?string $description = null ): array {
		return self::of( $type, $description, array( 'complexity' => Cost::object( 1 ) ) );
	}

	/**
	 * An optional Int argument and the value it takes when left out.
	 *
	 * @return array<string, mixed>
	 */
	public static function int_argument( int $default, ?string $description = null ): array {
		return self::of( Type::int(), $description, array( 'defaultValue' => $default ) );
	}

	/**
	 * @param array<string, mixed> $more arguments, resolver, cost
	 * @return array<string, mixed>
	 */
	public static function of( Type $type, ?string $description = null, array $more = array() ): array {
		$field = array( 'type' => $type );
		if ( null !== $description ) {
			$field['description'] = $description;
		}
		return $field + $more;
	}
}
