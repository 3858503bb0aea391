<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

use GraphQL\Type\Definition\EnumType;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * Builds each named type on first use and hands out the same instance after (graphql-php needs
 * one instance per name). The schema's type loader reads from here, so a query only builds the
 * types it touches.
 */
final class TypeRegistry {

	/**
	 * Type name => an ObjectDefinition, or a class with a static create(TypeRegistry): Type for a
	 * type that needs more (an input type, a custom resolver). Enums and small value objects are
	 * data in Types\ValueTypes.
	 *
	 * @var array<string, class-string>
	 */
	private const TYPES = array(
		'Query'          => Types\QueryType::class,
		'Car'            => Types\CarType::class,
		'CarConnection'  => Types\CarConnectionType::class,
		'CarFilter'      => Types\CarFilterInput::class,
		'CarFilters'     => Types\CarFiltersType::class,
		'Image'          => Types\ImageType::class,
		'ImageSize'      => Types\ImageSizeType::class,
		'NewsPost'       => Types\NewsPostType::class,
		'NewsConnection' => Types\NewsConnectionType::class,
		'Video'          => Types\VideoType::class,
		'SiteSettings'   => Types\SiteSettingsType::class,
	);

	/** @var array<string, Type> */
	private array $built = array();

	/**
	 * @template T of Type
	 * @param class-string<T> $expected
	 * @return T
	 */
	public function get( string $name, string $expected = Type::class ): Type {
		if ( ! isset( $this->built[ $name ] ) ) {
			$this->built[ $name ] = $this->build( $name );
		}
		$type = $this->built[ $name ];
		if ( ! $type instanceof $expected ) {
			throw new \LogicException( 'GraphQL type of an unexpected kind.' );
		}
		return $type;
	}

	private function build( string $name ): Type {
		if ( isset( Types\ValueTypes::ENUMS[ $name ] ) ) {
			return new EnumType(
				array(
					'name'   => $name,
					'values' => Types\ValueTypes::ENUMS[ $name ],
				)
			);
		}
		if ( array_key_exists( $name, Types\ValueTypes::OBJECTS ) ) {
			return $this->object( $name, Types\ValueTypes::OBJECTS[ $name ], static fn (): array => Types\ValueTypes::fields( $name ) );
		}
		$class = self::TYPES[ $name ] ?? null;
		if ( null === $class ) {
			throw new \InvalidArgumentException( 'Unknown GraphQL type.' );
		}
		if ( is_subclass_of( $class, ObjectDefinition::class ) ) {
			return $this->object( $name, $class::DESCRIPTION, fn (): array => $class::fields( $this ) );
		}
		return $class::create( $this );
	}

	/**
	 * An object type whose fields are built when a query first needs them, each with the default
	 * cost unless it has its own (Cost::apply).
	 *
	 * @param \Closure(): array<string, array<string, mixed>> $fields
	 */
	private function object( string $name, ?string $description, \Closure $fields ): ObjectType {
		return new ObjectType(
			array(
				'name'        => $name,
				'description' => $description,
				'fields'      => static fn (): array => Cost::apply( $fields() ),
			)
		);
	}

	public function has( string $name ): bool {
		return isset( self::TYPES[ $name ] ) || isset( Types\ValueTypes::ENUMS[ $name ] ) || array_key_exists( $name, Types\ValueTypes::OBJECTS );
	}

	/**
	 * Shorthand for a non-null reference to one of our types.
	 */
	public function non_null( string $name ): Type {
		return Type::nonNull( $this->get( $name ) );
	}

	/**
	 * [Name!]!
	 */
	public function list_of( string $name ): Type {
		return Type::nonNull( Type::listOf( Type::nonNull( $this->get( $name ) ) ) );
	}
}
