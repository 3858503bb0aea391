<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Rules;

use GraphQL\Language\AST\FieldNode;
use GraphQL\Language\AST\Node;
use GraphQL\Type\Introspection;
use GraphQL\Validator\Rules\QueryDepth;

/**
 * QueryDepth that leaves the __schema field out, as QueryComplexity does: the standard
 * introspection query nests "ofType" deeper than any catalogue query needs, and tools (codegen,
 * GraphiQL) must still work. __type queries still count.
 */
final class DepthLimit extends QueryDepth {

	protected function nodeDepth( Node $node, int $depth = 0, int $maxDepth = 0 ): int {
		if ( $node instanceof FieldNode && Introspection::SCHEMA_FIELD_NAME === $node->name->value ) {
			return $maxDepth;
		}
		return parent::nodeDepth( $node, $depth, $maxDepth );
	}
}
