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
	 * Type name => an ObjectDefinition, an EnumDefinition, or a class with a static
	 * create(TypeRegistry): Type for a type that needs more (an input type, a custom resolver).
	 *
	 * @var array<string, class-string>
	 */
	private const TYPES = array(
		'Query'          => Types\QueryType::class,
		'Car'            => Types\CarType::class,
		'CarConnection'  => Types\CarConnectionType::class,
		'CarFilter'      => Types\CarFilterInput::class,
		'CarOrderBy'     => Types\CarOrderByEnum::class,
		'SortOrder'      => Types\SortOrderEnum::class,
		'CarFilters'     => Types\CarFiltersType::class,
		'FilterOption'   => Types\FilterOptionType::class,
		'PriceRange'     => Types\PriceRangeType::class,
		'Image'          => Types\ImageType::class,
		'ImageSize'      => Types\ImageSizeType::class,
		'NewsPost'       => Types\NewsPostType::class,
		'NewsConnection' => Types\NewsConnectionType::class,
		'KeySpec'        => Types\KeySpecType::class,
		'Video'          => Types\VideoType::class,
		'SiteSettings'   => Types\SiteSettingsType::class,
		'CarSaleStatus'  => Types\CarSaleStatusEnum::class,
		'Port'           => Types\PortType::class,
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
			$class = self::TYPES[ $name ] ?? null;
			if ( null === $class ) {
				throw new \InvalidArgumentException( 'Unknown GraphQL type.' );
			}
			$this->built[ $name ] = $this->build( $name, $class );
		}
		$type = $this->built[ $name ];
		if ( ! $type instanceof $expected ) {
			throw new \LogicException( 'GraphQL type of an unexpected kind.' );
		}
		return $type;
	}

	private function build( string $name, string $class ): Type {
		if ( is_subclass_of( $class, ObjectDefinition::class ) ) {
			return new ObjectType(
				array(
					'name'        => $name,
					'description' => $class::DESCRIPTION,
					'fields'      => fn (): array => Cost::apply( $class::fields( $this ) ),
				)
			);
		}
		if ( is_subclass_of( $class, EnumDefinition::class ) ) {
			return new EnumType(
				array(
					'name'   => $name,
					'values' => $class::values(),
				)
			);
		}
		return $class::create( $this );
	}

	public function has( string $name ): bool {
		return isset( self::TYPES[ $name ] );
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
