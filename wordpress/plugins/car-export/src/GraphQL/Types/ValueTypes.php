<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\Cars\SaleStatus;
use CarExport\GraphQL\Field;
use CarExport\Search\CarQuery;

/**
 * The schema's closed value lists and small value objects, declared as data: they have no
 * arguments, resolvers or costs of their own, only names, values and descriptions. TypeRegistry
 * builds the GraphQL types from them.
 */
final class ValueTypes {

	/**
	 * Enum name => GraphQL value name => its internal value (what resolvers receive) and description.
	 */
	public const ENUMS = array(
		'CarOrderBy'    => array(
			'DATE'  => array(
				'value'       => CarQuery::ORDER_DATE,
				'description' => 'Publication date.',
			),
			'PRICE' => array(
				'value'       => CarQuery::ORDER_PRICE,
				'description' => 'Price; cars without a price come last in both directions.',
			),
		),
		'SortOrder'     => array(
			'ASC'  => array( 'value' => 'ASC' ),
			'DESC' => array( 'value' => 'DESC' ),
		),
		// A car's sale status; the internal values are the stored meta values.
		'CarSaleStatus' => array(
			'AVAILABLE' => array(
				'value'       => SaleStatus::AVAILABLE,
				'description' => 'For sale.',
			),
			'RESERVED'  => array(
				'value'       => SaleStatus::RESERVED,
				'description' => 'A buyer holds it; it may come back on sale.',
			),
			'SOLD'      => array(
				'value'       => SaleStatus::SOLD,
				'description' => 'No longer for sale; its page stays.',
			),
		),
	);

	/**
	 * Object name => its description in the schema (null for none); fields() gives its fields.
	 */
	public const OBJECTS = array(
		'FilterOption'   => 'One value of a filter list and how many cars of the current search it leads to.',
		'PriceRange'     => null,
		'KeySpec'        => 'A key-specification card of a news article.',
		// A destination port with the figures of the landed-price estimate.
		'Port'           => null,
		'SitemapFile'    => 'One sitemap file: the published cars or news posts from one id on, in id order.',
		'SitemapEntries' => 'The entries of one sitemap file, in id order: keys[i] changed at modified[i].',
	);

	/**
	 * The fields of one of OBJECTS; built only when a query first needs the type.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function fields( string $name ): array {
		return match ( $name ) {
			'FilterOption' => array(
				'value' => Field::string( 'As the filter takes it (a year as digits).' ),
				'count' => Field::int( 'Matching cars with this value chosen instead of the list\'s current choice.' ),
			),
			'PriceRange'   => array(
				'min' => Field::int(),
				'max' => Field::int(),
			),
			'KeySpec'      => array(
				'label' => Field::string(),
				'value' => Field::string(),
			),
			'Port'         => array(
				'id'               => Field::id(),
				'databaseId'       => Field::int(),
				'name'             => Field::string(),
				'country'          => Field::string(),
				'roroFreight'      => Field::int( 'Roll-on/roll-off freight per car, USD.' ),
				'containerFreight' => Field::int( 'Container freight per car, USD.' ),
				'insuranceRate'    => Field::float( 'Percent of FOB price plus freight.' ),
				'transitDays'      => Field::int( 'Typical sailing time in days.' ),
				'route'            => Field::string( '"sea", or "overland": then roroFreight is by car-carrier truck and containerFreight by rail container.' ),
			),
			'SitemapFile'    => array(
				'kind'     => Field::string( '"cars" or "news".' ),
				'from'     => Field::int( 'The first id of the file: its name.' ),
				'count'    => Field::int( 'Entries in the file.' ),
				'modified' => Field::string( 'ISO 8601 in UTC: when the latest of its entries changed.' ),
			),
			'SitemapEntries' => array(
				'keys'     => Field::strings( 'A car\'s id, or a news post\'s slug.' ),
				'modified' => Field::strings( 'ISO 8601 in UTC, one per key.' ),
			),
			default        => throw new \InvalidArgumentException( 'Not a value object type.' ),
		};
	}
}
