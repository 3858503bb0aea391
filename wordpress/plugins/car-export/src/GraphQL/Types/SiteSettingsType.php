<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * The public part of the settings only: the purge URL and secret have no field here on purpose.
 */
final class SiteSettingsType {

	public static function create( TypeRegistry $types ): ObjectType {
		return new ObjectType(
			array(
				'name'   => 'SiteSettings',
				'fields' => static fn (): array => Cost::apply(
					array(
						'phone'    => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'Seller phone; empty when not set.',
						),
						'whatsapp' => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'WhatsApp number; empty when not set.',
						),
						'email'    => array( 'type' => Type::nonNull( Type::string() ) ),
						'address'  => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'Postal address, lines separated by newlines.',
						),
						'wechatQr' => array(
							'type'       => $types->get( 'Image' ),
							'complexity' => Cost::object( 1 ),
						),
					)
				),
			)
		);
	}
}
