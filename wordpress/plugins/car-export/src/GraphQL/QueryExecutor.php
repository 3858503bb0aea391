<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

use CarExport\GraphQL\Rules\DepthLimit;
use GraphQL\Error\Error;
use GraphQL\Executor\ExecutionResult;
use GraphQL\Executor\Values;
use GraphQL\GraphQL;
use GraphQL\Language\AST\DocumentNode;
use GraphQL\Language\AST\OperationDefinitionNode;
use GraphQL\Language\Parser;
use GraphQL\Type\Schema;
use GraphQL\Utils\AST;
use GraphQL\Validator\DocumentValidator;
use GraphQL\Validator\Rules\QueryComplexity;
use GraphQL\Validator\Rules\ValidationRule;

/**
 * Runs one operation in the phases the GraphQL-over-HTTP spec tells apart: anything that fails
 * before execution (syntax, validation, limits, operation choice, variables) is a request error
 * (400, no "data"); once execution starts the answer is 200 with "data" and maybe "errors".
 */
final class QueryExecutor {

	public const MAX_DEPTH      = 10;
	public const MAX_COMPLEXITY = 500;

	private Schema $schema;
	private int $max_complexity;

	/**
	 * @param int $max_complexity a harness may raise it to measure big queries; the endpoint never does.
	 */
	public function __construct( ?Schema $schema = null, int $max_complexity = self::MAX_COMPLEXITY ) {
		$this->schema         = $schema ?? SchemaFactory::schema();
		$this->max_complexity = $max_complexity;
	}

	public function execute( OperationRequest $request ): HttpResponse {
		try {
			$document = Parser::parse( $request->query );
		} catch ( Error $e ) {
			return self::request_errors( array( $e ) );
		}

		$operation = AST::getOperationAST( $document, $request->operation_name );
		if ( null === $operation ) {
			return HttpResponse::error( 400, null === $request->operation_name ? 'The document has several operations: give operationName.' : 'No operation with that operationName in the document.' );
		}
		if ( $request->read_only && 'query' !== $operation->operation ) {
			// GET must stay safe and cacheable: only queries may run over it.
			return HttpResponse::error( 405, 'Only queries can be sent with GET; use POST.', array( 'Allow' => 'POST' ) );
		}

		if ( null === $this->schema->getOperationType( $operation->operation ) ) {
			// Validation lets this through and execution would answer 200; it is a request error.
			return HttpResponse::error( 400, sprintf( 'This API has no %s operations; it is read-only.', $operation->operation ) );
		}

		$errors = DocumentValidator::validate( $this->schema, $document, $this->rules( $request->variables ) );
		if ( array() !== $errors ) {
			return self::request_errors( $errors );
		}

		list( $variable_errors ) = Values::getVariableValues( $this->schema, $operation->variableDefinitions, $request->variables );
		if ( null !== $variable_errors && array() !== $variable_errors ) {
			return self::request_errors( $variable_errors );
		}

		return self::result( $this->run( $document, $operation, $request ) );
	}

	private function run( DocumentNode $document, OperationDefinitionNode $operation, OperationRequest $request ): ExecutionResult {
		// Already validated above, so no rules here (an empty list skips validation).
		return GraphQL::executeQuery(
			$this->schema,
			$document,
			null,
			null,
			$request->variables,
			$operation->name?->value,
			null,
			array()
		);
	}

	/**
	 * @param array<string, mixed> $variables
	 * @return list<ValidationRule>
	 */
	private function rules( array $variables ): array {
		$complexity = new QueryComplexity( $this->max_complexity );
		$complexity->setRawVariableValues( $variables );

		// The spec's rules plus our limits; introspection stays allowed.
		$rules   = array_values( DocumentValidator::defaultRules() );
		$rules[] = new DepthLimit( self::MAX_DEPTH );
		$rules[] = $complexity;
		return $rules;
	}

	/**
	 * @param array<Error> $errors
	 */
	private static function request_errors( array $errors ): HttpResponse {
		return new HttpResponse( 400, array( 'errors' => array_map( array( ErrorFormatter::class, 'format' ), array_values( $errors ) ) ) );
	}

	private static function result( ExecutionResult $result ): HttpResponse {
		$body = $result->setErrorFormatter( array( ErrorFormatter::class, 'format' ) )->toArray();
		// toArray() drops a null "data", but the spec wants it present once execution ran.
		if ( ! array_key_exists( 'data', $body ) ) {
			$body['data'] = null;
		}
		return new HttpResponse( 200, $body );
	}
}
