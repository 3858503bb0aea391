<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Field;
use CarExport\GraphQL\ObjectDefinition;
use CarExport\GraphQL\TypeRegistry;

/**
 * The public part of the settings only: the purge URL and secret have no field here on purpose.
 */
final class SiteSettingsType extends ObjectDefinition {

	public static function fields( TypeRegistry $types ): array {
		return array(
			'phone'        => Field::string( 'Seller phone; empty when not set.' ),
			'whatsapp'     => Field::string( 'WhatsApp number; empty when not set.' ),
			'email'        => Field::string(),
			'address'      => Field::string( 'Postal address, lines separated by newlines.' ),
			'companyName'  => Field::string( 'The business name; empty when not set.' ),
			'openingHours' => Field::string( 'Opening hours, lines separated by newlines; empty when not set.' ),
			'wechatQr'     => Field::object( $types->get( 'Image' ) ),
		);
	}
}
