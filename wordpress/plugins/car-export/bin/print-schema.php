<?php
/**
 * Prints the GraphQL schema as SDL: `php bin/print-schema.php > schema.graphql`.
 * Building the schema needs no WordPress or database, only Composer's autoloader.
 */
declare(strict_types=1);

require dirname( __DIR__ ) . '/vendor/autoload.php';

fwrite( STDOUT, \CarExport\GraphQL\SchemaFactory::sdl() );
