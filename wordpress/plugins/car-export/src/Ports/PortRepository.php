<?php
declare(strict_types=1);

namespace CarExport\Ports;

/**
 * Published destination ports as plain arrays for GraphQL, by country then name.
 *
 * @phpstan-type Port array{id: string, databaseId: int, name: string, country: string, roroFreight: int, containerFreight: int, insuranceRate: float, transitDays: int, route: string}
 */
final class PortRepository {

	/** More ports than this is not a list a visitor can choose from. */
	public const MAX = 200;

	/**
	 * @return list<Port>
	 */
	public function all(): array {
		$posts = get_posts(
			array(
				'post_type'        => PortFields::POST_TYPE,
				'post_status'      => 'publish',
				'posts_per_page'   => self::MAX,
				'orderby'          => 'title',
				'order'            => 'ASC',
				'no_found_rows'    => true,
				'suppress_filters' => true,
			)
		);
		$ports = array();
		foreach ( $posts as $post ) {
			if ( $post instanceof \WP_Post ) {
				$port = self::to_array( $post );
				if ( null !== $port ) {
					$ports[] = $port;
				}
			}
		}
		usort( $ports, static fn ( array $a, array $b ): int => array( $a['country'], $a['name'] ) <=> array( $b['country'], $b['name'] ) );
		return $ports;
	}

	/**
	 * A port whose stored figures do not pass the rules (edited by hand in the database) is left
	 * out rather than shown with a wrong estimate.
	 *
	 * @return Port|null
	 */
	public static function to_array( \WP_Post $post ): ?array {
		$input = array();
		foreach ( PortFields::FIELDS as $key => $field ) {
			$input[ $key ] = get_post_meta( $post->ID, $field['meta'], true );
		}
		$checked = PortFields::validate( $input );
		$name    = trim( html_entity_decode( wp_strip_all_tags( $post->post_title ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
		if ( array() !== $checked['errors'] || '' === $name ) {
			return null;
		}
		$values = $checked['values'];
		return array(
			'id'               => (string) $post->ID,
			'databaseId'       => $post->ID,
			'name'             => $name,
			'country'          => $values['country'],
			'roroFreight'      => (int) $values['roroFreight'],
			'containerFreight' => (int) $values['containerFreight'],
			'insuranceRate'    => (float) $values['insuranceRate'],
			'transitDays'      => (int) $values['transitDays'],
			'route'            => $values['route'],
		);
	}
}
