<?php
declare(strict_types=1);

namespace CarExport;

/**
 * Wires every service's hooks. Each service owns one role and exposes register().
 */
final class Plugin {

	public const VERSION = '1.9.0';

	/** @var list<class-string<Service>> */
	private const SERVICES = array(
		Cars\CarPostType::class,
		History\ChangeHistory::class,
		Media\ImageFormats::class,
		Media\AvifBacklog::class,
		Cars\CarAdmin::class,
		Cars\MainImage::class,
		Cars\CarListColumns::class,
		Search\LookupSync::class,
		Videos\VideoPostType::class,
		Videos\VideoAdmin::class,
		Videos\VideoListColumns::class,
		Ports\PortPostType::class,
		Messages\MessagePostTypes::class,
		Messages\MessagesAdmin::class,
		Messages\IdempotencyStore::class,
		Messages\LeadStatusActions::class,
		Messages\LeadListFilters::class,
		Messages\LeadCsvExport::class,
		Messages\LeadNotesBox::class,
		Messages\UnreadLeads::class,
		Messages\SuspectedLeads::class,
		Mail\SmtpTransport::class,
		Mail\LeadMail::class,
		Alerts\AlertQueue::class,
		Alerts\AlertDigest::class,
		Account\AccountMail::class,
		Account\LetterUsernames::class,
		Account\AccountNotices::class,
		Settings\SettingsPage::class,
		Security\Hardening::class,
		Security\LoginThrottle::class,
		Purge\PurgeNotifier::class,
		GraphQL\Endpoint::class,
		Auth\BearerAuthenticator::class,
		Rest\Routes::class,
		Admin\CarImportPage::class,
		Admin\CarListTools::class,
		Admin\SiteLinks::class,
		Admin\LeadBulkActions::class,
		Admin\UpdatedMessages::class,
		Admin\UserViews::class,
		Admin\EditorWelcomeGuide::class,
		Admin\NewsAdmin::class,
		Admin\Dashboard::class,
		Admin\StaffScreens::class,
		Import\CarImportController::class,
		Cli\WpCliCommands::class,
		Cli\DealCommands::class,
		Deals\DealSchedule::class,
		Deals\DealsAdmin::class,
	);

	private static bool $booted = false;

	public static function boot( string $main_file ): void {
		if ( self::$booted ) {
			return;
		}
		self::$booted = true;

		foreach ( self::SERVICES as $service ) {
			( new $service() )->register();
		}

		register_activation_hook( $main_file, array( Installer::class, 'activate' ) );
		register_deactivation_hook( $main_file, array( Installer::class, 'deactivate' ) );
		add_action( 'plugins_loaded', array( Installer::class, 'maybe_upgrade' ) );
	}
}
