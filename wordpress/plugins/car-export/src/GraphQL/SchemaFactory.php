<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Schema;
use GraphQL\Type\SchemaConfig;
use GraphQL\Utils\SchemaPrinter;

/**
 * The catalogue schema, built once per request with lazily loaded types.
 */
final class SchemaFactory {

	private static ?Schema $schema = null;

	public static function schema(): Schema {
		if ( null === self::$schema ) {
			$types        = new TypeRegistry();
			$config       = SchemaConfig::create()
				->setQuery( $types->get( 'Query', ObjectType::class ) )
				->setTypeLoader( static fn ( string $name ) => $types->has( $name ) ? $types->get( $name ) : null );
			self::$schema = new Schema( $config );
		}
		return self::$schema;
	}

	/**
	 * The schema as SDL, for people and for the front end's code generation.
	 */
	public static function sdl(): string {
		return SchemaPrinter::doPrint( self::schema() ) . "\n";
	}
}
