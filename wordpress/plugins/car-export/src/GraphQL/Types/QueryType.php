<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Arguments;
use CarExport\GraphQL\Cost;
use CarExport\GraphQL\Field;
use CarExport\GraphQL\ObjectDefinition;
use CarExport\GraphQL\Resolvers\CarResolver;
use CarExport\GraphQL\Resolvers\ContentResolver;
use CarExport\GraphQL\TypeRegistry;
use CarExport\Ports\PortRepository;
use CarExport\Preview\PreviewResolver;
use CarExport\Sitemap\SitemapRepository;
use GraphQL\Type\Definition\Type;

/**
 * The read-only root: catalogue, news, videos and public site settings. Every field sets its own
 * cost (each one queries the database).
 */
final class QueryType extends ObjectDefinition {

	public static function fields( TypeRegistry $types ): array {
		$cars    = new CarResolver();
		$content = new ContentResolver();
		$id      = array( 'type' => Type::nonNull( Type::id() ) );
		$token   = array( 'type' => Type::nonNull( Type::string() ) );

		return array(
			'cars'                     => Field::of(
				$types->non_null( 'CarConnection' ),
				'Published cars matching the filter, one page at a time; sold cars only with includeSold.',
				array(
					'args'       => array(
						'filter'  => array( 'type' => $types->get( 'CarFilter' ) ),
						'orderBy' => array(
							'type'         => $types->get( 'CarOrderBy' ),
							'defaultValue' => 'date',
						),
						'order'   => array(
							'type'         => $types->get( 'SortOrder' ),
							'defaultValue' => 'DESC',
						),
						'page'    => Field::int_argument( 1, '1 or more.' ),
						'perPage' => Field::int_argument( 12, '1 to 100.' ),
					),
					'complexity' => Cost::sized_list( 3, 'perPage', 100 ),
					'resolve'    => static fn ( mixed $root, array $args ): array => $cars->cars( $args ),
				)
			),
			'car'                      => self::one(
				$types->get( 'Car' ),
				'A published car by id, sold ones included; null when unknown or not published.',
				array( 'id' => $id ),
				static fn ( mixed $root, array $args ): ?array => $cars->car( $args['id'] )
			),
			'carsByIds'                => Field::of(
				$types->list_of( 'Car' ),
				'Published cars by id, in the order asked; unknown, unpublished and repeated ids are left out. At most 24 ids.',
				array(
					'args'       => array( 'ids' => array( 'type' => Type::nonNull( Type::listOf( Type::nonNull( Type::id() ) ) ) ) ),
					'complexity' => Cost::id_list( 2, 'ids', CarResolver::MAX_BY_IDS ),
					'resolve'    => static fn ( mixed $root, array $args ): array => $cars->cars_by_ids( $args['ids'] ),
				)
			),
			'carPreview'               => self::one(
				$types->get( 'Car' ),
				'A car in any status but trash, for a signed preview link; null when the token is invalid or expired.',
				array( 'token' => $token ),
				static fn ( mixed $root, array $args ): ?array => PreviewResolver::car( $args['token'] )
			),
			'previewShowsUnsavedEdits' => Field::of(
				Type::nonNull( Type::boolean() ),
				'Whether the car or news post a signed preview link opens is shown with edits not saved yet (Preview Changes of a published post); false when the token is invalid or expired.',
				array(
					'args'       => array( 'token' => $token ),
					'complexity' => Cost::object( 2 ),
					'resolve'    => static fn ( mixed $root, array $args ): bool => PreviewResolver::shows_unsaved_edits( $args['token'] ),
				)
			),
			'featuredCars'             => self::limited(
				$types->list_of( 'Car' ),
				'Published featured cars that are not sold, newest first.',
				CarResolver::MAX_FEATURED,
				static fn ( mixed $root, array $args ): array => $cars->featured( $args['limit'] )
			),
			'carFilters'               => Field::of(
				$types->non_null( 'CarFilters' ),
				'The values the catalogue filters can take, over published cars (not sold ones unless includeSold), and how many cars of the search in filter each value leads to.',
				array(
					'args'       => array(
						'includeSold' => array(
							'type'         => Type::boolean(),
							'defaultValue' => false,
						),
						'filter'      => array(
							'type'        => $types->get( 'CarFilter' ),
							'description' => 'The current search, for the option counts.',
						),
					),
					'complexity' => Cost::object( 3 ),
					'resolve'    => static fn ( mixed $root, array $args ): array => $cars->filters( true === $args['includeSold'], is_array( $args['filter'] ?? null ) ? $args['filter'] : null ),
				)
			),
			'newsPosts'                => Field::of(
				$types->non_null( 'NewsConnection' ),
				'Published news posts, newest first.',
				array(
					'args'       => array(
						'page'    => Field::int_argument( 1 ),
						'perPage' => Field::int_argument( 10, '1 to 100.' ),
					),
					'complexity' => Cost::sized_list( 3, 'perPage', 100 ),
					'resolve'    => static fn ( mixed $root, array $args ): array => $content->news_posts( $args['page'], $args['perPage'] ),
				)
			),
			'newsPost'                 => self::one(
				$types->get( 'NewsPost' ),
				'A published news post by slug; null when unknown.',
				array( 'slug' => array( 'type' => Type::nonNull( Type::string() ) ) ),
				static fn ( mixed $root, array $args ): ?array => $content->news_post( $args['slug'] )
			),
			'newsPostPreview'          => self::one(
				$types->get( 'NewsPost' ),
				'A news post in any status but trash, for a signed preview link; null when the token is invalid or expired.',
				array( 'token' => $token ),
				static fn ( mixed $root, array $args ): ?array => PreviewResolver::news_post( $args['token'] )
			),
			'videos'                   => self::limited(
				$types->list_of( 'Video' ),
				'Published videos by menu order, then newest.',
				ContentResolver::MAX_VIDEOS,
				static fn ( mixed $root, array $args ): array => $content->videos( $args['limit'] )
			),
			'ports'                    => Field::of(
				$types->list_of( 'Port' ),
				'Published destination ports for the landed-price estimate, by country then name.',
				array(
					'complexity' => Cost::unsized_list(),
					'resolve'    => static fn (): array => ( new PortRepository() )->all(),
				)
			),
			'sitemapFiles'             => Field::of(
				Type::nonNull( Type::listOf( Type::nonNull( $types->get( 'SitemapFile' ) ) ) ),
				'Every sitemap file: published cars (sold ones too) and news posts, each kind cut in id order into files of at most 10,000.',
				array(
					'complexity' => Cost::object( 3 ),
					'resolve'    => static fn (): array => ( new SitemapRepository() )->files(),
				)
			),
			'sitemapEntries'           => Field::of(
				$types->non_null( 'SitemapEntries' ),
				'One sitemap file, by kind and first id (as sitemapFiles names it).',
				array(
					'args'       => array(
						'kind' => array( 'type' => Type::nonNull( Type::string() ) ),
						'from' => array( 'type' => Type::nonNull( Type::int() ) ),
					),
					'complexity' => Cost::object( 3 ),
					'resolve'    => static fn ( mixed $root, array $args ): array => ( new SitemapRepository() )->entries( SitemapRepository::kind( $args['kind'] ), Arguments::int_between( $args['from'], 'from', 0, 2147483647 ) ),
				)
			),
			'siteSettings'             => Field::of(
				$types->non_null( 'SiteSettings' ),
				'Public contact details of the seller.',
				array(
					'complexity' => Cost::object( 1 ),
					'resolve'    => static fn (): array => $content->site_settings(),
				)
			),
		);
	}

	/**
	 * A field that looks up one object by its arguments: null when there is none; it costs its
	 * query plus the selection.
	 *
	 * @param array<string, mixed> $args
	 * @return array<string, mixed>
	 */
	private static function one( Type $type, string $description, array $args, \Closure $resolve ): array {
		return Field::of(
			$type,
			$description,
			array(
				'args'       => $args,
				'complexity' => Cost::object( 2 ),
				'resolve'    => $resolve,
			)
		);
	}

	/**
	 * A list sized by its `limit` argument (4 unless asked, at most $max): each item costs the
	 * selection.
	 *
	 * @return array<string, mixed>
	 */
	private static function limited( Type $type, string $description, int $max, \Closure $resolve ): array {
		return Field::of(
			$type,
			$description,
			array(
				'args'       => array( 'limit' => Field::int_argument( 4, "1 to {$max}." ) ),
				'complexity' => Cost::sized_list( 2, 'limit', $max ),
				'resolve'    => $resolve,
			)
		);
	}
}
