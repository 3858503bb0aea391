<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Resolvers;

use CarExport\GraphQL\Arguments;
use CarExport\GraphQL\Data\NewsRepository;
use CarExport\GraphQL\Data\VideoRepository;
use CarExport\Media\ImageData;
use CarExport\Settings\SiteSettings;

/**
 * News, videos and public settings root fields.
 */
final class ContentResolver {

	public const MAX_VIDEOS   = 24;
	public const MAX_PER_PAGE = 100;

	/**
	 * @return array{nodes: list<array<string, mixed>>, total: int, page: int, perPage: int, totalPages: int}
	 */
	public function news_posts( mixed $page, mixed $per_page ): array {
		$page     = Arguments::page( $page );
		$per_page = Arguments::int_between( $per_page, 'perPage', 1, self::MAX_PER_PAGE );
		$result   = ( new NewsRepository() )->page( $page, $per_page );

		return array(
			'nodes'      => $result['nodes'],
			'total'      => $result['total'],
			'page'       => $page,
			'perPage'    => $per_page,
			'totalPages' => (int) ceil( $result['total'] / $per_page ),
		);
	}

	/**
	 * @return array<string, mixed>|null
	 */
	public function news_post( mixed $slug ): ?array {
		return ( new NewsRepository() )->find_by_slug( is_string( $slug ) ? $slug : '' );
	}

	/**
	 * @return list<array<string, mixed>>
	 */
	public function videos( mixed $limit ): array {
		return ( new VideoRepository() )->latest( Arguments::int_between( $limit, 'limit', 1, self::MAX_VIDEOS ) );
	}

	/**
	 * Only the public keys: purge_url and purge_secret never leave the server.
	 *
	 * @return array{phone: string, whatsapp: string, email: string, address: string, companyName: string, openingHours: string, wechatQr: array<string, mixed>|null}
	 */
	public function site_settings(): array {
		$settings = SiteSettings::get();
		ImageData::prime( array( $settings['wechat_qr_id'] ) );

		return array(
			'phone'        => $settings['phone'],
			'whatsapp'     => $settings['whatsapp'],
			'email'        => SiteSettings::public_email(),
			'address'      => $settings['address'],
			'companyName'  => $settings['company_name'],
			'openingHours' => $settings['opening_hours'],
			'wechatQr'     => ImageData::from_attachment( $settings['wechat_qr_id'] ),
		);
	}
}
