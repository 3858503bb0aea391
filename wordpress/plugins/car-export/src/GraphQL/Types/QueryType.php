<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\Resolvers\CarResolver;
use CarExport\GraphQL\Resolvers\ContentResolver;
use CarExport\GraphQL\TypeRegistry;
use CarExport\Ports\PortRepository;
use CarExport\Preview\PreviewResolver;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * The read-only root: catalogue, news, videos and public site settings.
 */
final class QueryType {

	public static function create( TypeRegistry $types ): ObjectType {
		$cars    = new CarResolver();
		$content = new ContentResolver();

		return new ObjectType(
			array(
				'name'   => 'Query',
				'fields' => static fn (): array => array(
					'cars'            => array(
						'type'        => $types->non_null( 'CarConnection' ),
						'description' => 'Published cars matching the filter, one page at a time; sold cars only with includeSold.',
						'args'        => array(
							'filter'  => array( 'type' => $types->get( 'CarFilter' ) ),
							'orderBy' => array(
								'type'         => $types->get( 'CarOrderBy' ),
								'defaultValue' => 'date',
							),
							'order'   => array(
								'type'         => $types->get( 'SortOrder' ),
								'defaultValue' => 'DESC',
							),
							'page'    => array(
								'type'         => Type::int(),
								'defaultValue' => 1,
								'description'  => '1 or more.',
							),
							'perPage' => array(
								'type'         => Type::int(),
								'defaultValue' => 12,
								'description'  => '1 to 100.',
							),
						),
						'complexity'  => Cost::sized_list( 3, 'perPage', 100 ),
						'resolve'     => static fn ( mixed $root, array $args ): array => $cars->cars( $args ),
					),
					'car'             => array(
						'type'        => $types->get( 'Car' ),
						'description' => 'A published car by id, sold ones included; null when unknown or not published.',
						'args'        => array(
							'id' => array( 'type' => Type::nonNull( Type::id() ) ),
						),
						'complexity'  => Cost::object( 2 ),
						'resolve'     => static fn ( mixed $root, array $args ): ?array => $cars->car( $args['id'] ),
					),
					'carsByIds'       => array(
						'type'        => $types->list_of( 'Car' ),
						'description' => 'Published cars by id, in the order asked; unknown, unpublished and repeated ids are left out. At most 24 ids.',
						'args'        => array(
							'ids' => array( 'type' => Type::nonNull( Type::listOf( Type::nonNull( Type::id() ) ) ) ),
						),
						'complexity'  => Cost::id_list( 2, 'ids', CarResolver::MAX_BY_IDS ),
						'resolve'     => static fn ( mixed $root, array $args ): array => $cars->cars_by_ids( $args['ids'] ),
					),
					'carPreview'      => array(
						'type'        => $types->get( 'Car' ),
						'description' => 'A car in any status but trash, for a signed preview link; null when the token is invalid or expired.',
						'args'        => array(
							'token' => array( 'type' => Type::nonNull( Type::string() ) ),
						),
						'complexity'  => Cost::object( 2 ),
						'resolve'     => static fn ( mixed $root, array $args ): ?array => PreviewResolver::car( $args['token'] ),
					),
					'featuredCars'    => array(
						'type'        => $types->list_of( 'Car' ),
						'description' => 'Published featured cars that are not sold, newest first.',
						'args'        => array(
							'limit' => array(
								'type'         => Type::int(),
								'defaultValue' => 4,
								'description'  => '1 to 24.',
							),
						),
						'complexity'  => Cost::sized_list( 2, 'limit', CarResolver::MAX_FEATURED ),
						'resolve'     => static fn ( mixed $root, array $args ): array => $cars->featured( $args['limit'] ),
					),
					'carFilters'      => array(
						'type'        => $types->non_null( 'CarFilters' ),
						'description' => 'The values the catalogue filters can take, over published cars (not sold ones unless includeSold), and how many cars of the search in filter each value leads to.',
						'args'        => array(
							'includeSold' => array(
								'type'         => Type::boolean(),
								'defaultValue' => false,
							),
							'filter'      => array(
								'type'        => $types->get( 'CarFilter' ),
								'description' => 'The current search, for the option counts.',
							),
						),
						'complexity'  => Cost::object( 3 ),
						'resolve'     => static fn ( mixed $root, array $args ): array => $cars->filters( true === $args['includeSold'], is_array( $args['filter'] ?? null ) ? $args['filter'] : null ),
					),
					'newsPosts'       => array(
						'type'        => $types->non_null( 'NewsConnection' ),
						'description' => 'Published news posts, newest first.',
						'args'        => array(
							'page'    => array(
								'type'         => Type::int(),
								'defaultValue' => 1,
							),
							'perPage' => array(
								'type'         => Type::int(),
								'defaultValue' => 10,
								'description'  => '1 to 100.',
							),
						),
						'complexity'  => Cost::sized_list( 3, 'perPage', 100 ),
						'resolve'     => static fn ( mixed $root, array $args ): array => $content->news_posts( $args['page'], $args['perPage'] ),
					),
					'newsPost'        => array(
						'type'        => $types->get( 'NewsPost' ),
						'description' => 'A published news post by slug; null when unknown.',
						'args'        => array(
							'slug' => array( 'type' => Type::nonNull( Type::string() ) ),
						),
						'complexity'  => Cost::object( 2 ),
						'resolve'     => static fn ( mixed $root, array $args ): ?array => $content->news_post( $args['slug'] ),
					),
					'newsPostPreview' => array(
						'type'        => $types->get( 'NewsPost' ),
						'description' => 'A news post in any status but trash, for a signed preview link; null when the token is invalid or expired.',
						'args'        => array(
							'token' => array( 'type' => Type::nonNull( Type::string() ) ),
						),
						'complexity'  => Cost::object( 2 ),
						'resolve'     => static fn ( mixed $root, array $args ): ?array => PreviewResolver::news_post( $args['token'] ),
					),
					'videos'          => array(
						'type'        => $types->list_of( 'Video' ),
						'description' => 'Published videos by menu order, then newest.',
						'args'        => array(
							'limit' => array(
								'type'         => Type::int(),
								'defaultValue' => 4,
								'description'  => '1 to 24.',
							),
						),
						'complexity'  => Cost::sized_list( 2, 'limit', ContentResolver::MAX_VIDEOS ),
						'resolve'     => static fn ( mixed $root, array $args ): array => $content->videos( $args['limit'] ),
					),
					'ports'           => array(
						'type'        => $types->list_of( 'Port' ),
						'description' => 'Published destination ports for the landed-price estimate, by country then name.',
						'complexity'  => Cost::unsized_list(),
						'resolve'     => static fn (): array => ( new PortRepository() )->all(),
					),
					'siteSettings'    => array(
						'type'        => $types->non_null( 'SiteSettings' ),
						'description' => 'Public contact details of the seller.',
						'complexity'  => Cost::object( 1 ),
						'resolve'     => static fn (): array => $content->site_settings(),
					),
				),
			)
		);
	}
}
