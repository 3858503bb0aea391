<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Sitemap\SitemapRepository;
use CarExport\Tests\Unit\Support\FakeWpdb;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * The sitemap's files: every file of cars and of news posts is named (the last one too), each with
 * its first id, its size and its latest change; a file lists its entries from its first id on; the
 * file size can be lowered but never past the protocol's sane bounds.
 */
#[CoversClass( SitemapRepository::class )]
final class SitemapRepositoryTest extends TestCase {

	private FakeWpdb $db;

	protected function setUp(): void {
		$this->db = new FakeWpdb();
		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- no WordPress runs here: the stand-in is the only wpdb.
		$GLOBALS['wpdb']                    = $this->db;
		$GLOBALS['car_export_test_options'] = array();
	}

	protected function tearDown(): void {
		unset( $GLOBALS['wpdb'], $GLOBALS['car_export_test_options'] );
	}

	/**
	 * @return array<string, string>
	 */
	private static function row( int $first, int $entries, string $gmt, string $local = '' ): array {
		return array(
			'first_id'       => (string) $first,
			'entries'        => (string) $entries,
			'modified'       => $gmt,
			'local_modified' => '' === $local ? $gmt : $local,
		);
	}

	public function test_every_file_of_each_kind_is_named_the_last_one_included(): void {
		$this->db->answers = array(
			array( self::row( 12, 10000, '2026-11-02 08:15:00' ), self::row( 10450, 3, '2026-12-01 17:40:05' ) ),
			array( self::row( 7, 41, '2026-10-20 09:00:00' ) ),
		);

		$this->assertSame(
			array(
				array(
					'kind'     => 'cars',
					'from'     => 12,
					'count'    => 10000,
					'modified' => '2026-11-02T08:15:00Z',
				),
				array(
					'kind'     => 'cars',
					'from'     => 10450,
					'count'    => 3,
					'modified' => '2026-12-01T17:40:05Z',
				),
				array(
					'kind'     => 'news',
					'from'     => 7,
					'count'    => 41,
					'modified' => '2026-10-20T09:00:00Z',
				),
			),
			( new SitemapRepository() )->files()
		);
		$this->assertCount( 2, $this->db->statements, 'One query per kind.' );
		$this->assertStringContainsString( "WHERE post_type = 'car' AND post_status = 'publish') AS listed GROUP BY position DIV 10000 ORDER BY first_id", $this->db->statements[0] );
		$this->assertStringNotContainsString( 'post_password', $this->db->statements[0], 'A car has no password to exclude it.' );
		$this->assertStringContainsString( "post_type = 'post' AND post_status = 'publish' AND post_password = ''", $this->db->statements[1] );
	}

	public function test_a_kind_without_published_posts_has_no_file(): void {
		$this->db->answers = array( array(), array( self::row( 7, 1, '2026-10-20 09:00:00' ) ) );
		$files             = ( new SitemapRepository() )->files();
		$this->assertSame( array( 'news' ), array_column( $files, 'kind' ) );
	}

	public function test_a_date_without_its_utc_copy_is_read_in_the_sites_zone(): void {
		$GLOBALS['car_export_test_options']['gmt_offset'] = 2;
		$this->db->answers                                = array( array( self::row( 1, 1, '0000-00-00 00:00:00', '2026-12-01 12:00:00' ) ), array() );
		$this->assertSame( '2026-12-01T10:00:00Z', ( new SitemapRepository() )->files()[0]['modified'] );
	}

	public function test_a_failed_query_is_an_error_not_an_empty_sitemap(): void {
		$this->db->last_error = 'Table is marked as crashed';
		$this->expectException( \RuntimeException::class );
		$this->expectExceptionMessage( 'Sitemap query failed: Table is marked as crashed' );
		( new SitemapRepository() )->files();
	}

	public function test_a_file_lists_its_entries_from_its_first_id_in_id_order(): void {
		$GLOBALS['car_export_test_options'][ SitemapRepository::FILE_SIZE_OPTION ] = 50;
		$this->db->answers = array(
			array(
				array(
					'entry'          => '40',
					'modified'       => '2026-12-01 17:40:05',
					'local_modified' => '2026-12-01 17:40:05',
				),
				array(
					'entry'          => '41',
					'modified'       => '2026-12-02 08:00:00',
					'local_modified' => '2026-12-02 08:00:00',
				),
			),
		);

		$this->assertSame(
			array(
				'keys'     => array( '40', '41' ),
				'modified' => array( '2026-12-01T17:40:05Z', '2026-12-02T08:00:00Z' ),
			),
			( new SitemapRepository() )->entries( 'cars', 40 )
		);
		$this->assertStringContainsString( 'SELECT ID AS entry', $this->db->statements[0] );
		$this->assertStringContainsString( "post_type = 'car' AND post_status = 'publish' AND ID >= 40 ORDER BY ID LIMIT 50", $this->db->statements[0] );
	}

	public function test_news_entries_are_slugs_of_posts_without_a_password_and_a_negative_start_is_the_first(): void {
		$this->db->answers = array( array() );
		$this->assertSame(
			array(
				'keys'     => array(),
				'modified' => array(),
			),
			( new SitemapRepository() )->entries( 'news', -5 )
		);
		$this->assertStringContainsString( 'SELECT post_name AS entry', $this->db->statements[0] );
		$this->assertStringContainsString( "post_password = '' AND ID >= 0 ORDER BY ID LIMIT 10000", $this->db->statements[0] );
	}

	public function test_the_file_size_can_be_lowered_to_one_but_not_raised_past_the_maximum(): void {
		$sizes = array(
			1     => 1,
			3     => 3,
			10000 => 10000,
			10001 => SitemapRepository::MAX_FILE_SIZE,
			0     => SitemapRepository::MAX_FILE_SIZE,
			-4    => SitemapRepository::MAX_FILE_SIZE,
		);
		foreach ( $sizes as $option => $size ) {
			$GLOBALS['car_export_test_options'][ SitemapRepository::FILE_SIZE_OPTION ] = $option;
			$this->assertSame( $size, SitemapRepository::file_size(), "Option {$option}" );
		}
		unset( $GLOBALS['car_export_test_options'][ SitemapRepository::FILE_SIZE_OPTION ] );
		$this->assertSame( 10000, SitemapRepository::file_size() );
	}

	public function test_only_the_listed_kinds_are_accepted(): void {
		$this->assertSame( 'cars', SitemapRepository::kind( 'cars' ) );
		$this->assertSame( 'news', SitemapRepository::kind( 'news' ) );
		foreach ( array( 'pages', '', 7, null ) as $kind ) {
			try {
				SitemapRepository::kind( $kind );
				$this->fail( 'Accepted ' . (string) wp_json_encode( $kind ) );
			} catch ( \GraphQL\Error\UserError $error ) {
				$this->assertSame( 'kind must be one of: cars, news.', $error->getMessage() );
			}
		}
	}
}
