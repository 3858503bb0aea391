<?php
declare(strict_types=1);

namespace CarExport\Settings;

use CarExport\Admin\Assets;
use CarExport\Purge\PurgeStatus;
use CarExport\Service;

/**
 * Settings → Car Export: the seller's contact details and the front-end purge hook,
 * on the Settings API so options.php does the nonce, capability check and redirect.
 */
final class SettingsPage implements Service {

	public const SLUG = 'car-export';

	private const GROUP      = 'car_export';
	private const CAPABILITY = 'manage_options';

	private string $hook_suffix = '';

	/** @var array<string, string>|null What the user typed into fields a save refused, read once per page. */
	private ?array $typed = null;

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		// On init, not admin_init: the sanitize callback then guards every write, the seed's included.
		add_action( 'init', array( $this, 'register_setting' ) );
		add_action( 'admin_init', array( $this, 'register_fields' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	public function add_page(): void {
		$hook_suffix       = add_options_page(
			__( 'Car Export', 'car-export' ),
			__( 'Car Export', 'car-export' ),
			self::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
		$this->hook_suffix = is_string( $hook_suffix ) ? $hook_suffix : '';
	}

	public function register_setting(): void {
		register_setting(
			self::GROUP,
			SiteSettings::OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => array( $this, 'sanitize' ),
				'show_in_rest'      => false,
				'default'           => array(),
			)
		);
	}

	/**
	 * SiteSettings::sanitize keeps the stored value of a refused field; what the user typed there
	 * is kept for a moment too, so the form shows it again beside the reason instead of making them
	 * type it all over.
	 *
	 * @param mixed $raw Submitted values.
	 * @return array{phone: string, whatsapp: string, email: string, address: string, company_name: string, opening_hours: string, wechat_qr_id: int, purge_url: string, purge_secret: string}
	 */
	public function sanitize( $raw ): array {
		$clean = SiteSettings::sanitize( $raw );
		if ( ! is_array( $raw ) || get_current_user_id() <= 0 ) {
			return $clean;
		}
		$typed = array();
		foreach ( get_settings_errors( SiteSettings::OPTION ) as $error ) {
			$key = str_starts_with( (string) $error['code'], 'car_export_invalid_' ) ? substr( (string) $error['code'], strlen( 'car_export_invalid_' ) ) : '';
			if ( '' !== $key && 'purge_secret' !== $key && isset( $raw[ $key ] ) && is_scalar( $raw[ $key ] ) ) {
				$typed[ $key ] = (string) $raw[ $key ];
			}
		}
		if ( array() !== $typed ) {
			set_transient( self::typed_key(), $typed, 300 );
		}
		return $clean;
	}

	private static function typed_key(): string {
		return 'car_export_settings_typed_' . get_current_user_id();
	}

	/**
	 * The value a field shows: what the user typed if the last save refused it, else the stored one.
	 */
	private function shown( string $key ): string {
		if ( null === $this->typed ) {
			$typed       = get_transient( self::typed_key() );
			$this->typed = is_array( $typed ) ? array_map( 'strval', $typed ) : array();
			// Shown once: a reload after fixing nothing shows the stored values again.
			delete_transient( self::typed_key() );
		}
		$settings = SiteSettings::get();
		return $this->typed[ $key ] ?? (string) $settings[ $key ];
	}

	public function register_fields(): void {
		add_settings_section( 'car_export_contact', __( 'Seller contact', 'car-export' ), array( $this, 'render_contact_intro' ), self::SLUG );
		add_settings_section( 'car_export_purge', __( 'Front-end cache purge', 'car-export' ), array( $this, 'render_purge_intro' ), self::SLUG );

		$this->add_field( 'company_name', __( 'Company name', 'car-export' ), 'car_export_contact', array( $this, 'render_company_name' ) );
		$this->add_field( 'phone', __( 'Seller phone', 'car-export' ), 'car_export_contact', array( $this, 'render_phone' ) );
		$this->add_field( 'whatsapp', __( 'WhatsApp number', 'car-export' ), 'car_export_contact', array( $this, 'render_whatsapp' ) );
		$this->add_field( 'email', __( 'E-mail', 'car-export' ), 'car_export_contact', array( $this, 'render_email' ) );
		$this->add_field( 'address', __( 'Postal address', 'car-export' ), 'car_export_contact', array( $this, 'render_address' ) );
		$this->add_field( 'opening_hours', __( 'Opening hours', 'car-export' ), 'car_export_contact', array( $this, 'render_opening_hours' ) );
		$this->add_field( 'wechat_qr_id', __( 'WeChat QR code', 'car-export' ), 'car_export_contact', array( $this, 'render_wechat_qr' ) );
		$this->add_field( 'purge_url', __( 'Purge URL', 'car-export' ), 'car_export_purge', array( $this, 'render_purge_url' ) );
		$this->add_field( 'purge_secret', __( 'Purge secret', 'car-export' ), 'car_export_purge', array( $this, 'render_purge_secret' ) );
	}

	public function enqueue( string $hook_suffix ): void {
		if ( '' === $this->hook_suffix || $hook_suffix !== $this->hook_suffix ) {
			return;
		}
		Assets::script( 'admin-settings.js', array( 'jquery', Assets::enqueue_media_picker() ) );
		Assets::style( 'admin-settings.css' );
	}

	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
		echo '<form action="' . esc_url( admin_url( 'options.php' ) ) . '" method="post">';
		settings_fields( self::GROUP );
		do_settings_sections( self::SLUG );
		submit_button();
		echo '</form></div>';
	}

	public function render_contact_intro(): void {
		echo '<p>' . esc_html__( 'Shown on the contact page and used by the Call and WhatsApp buttons. Leave a field empty to hide it.', 'car-export' ) . '</p>';
	}

	public function render_purge_intro(): void {
		echo '<p>' . esc_html__( 'When a car, news post or video is saved, trashed, restored or deleted, WordPress POSTs a short JSON notice to this address so the website drops its cached pages. Leave the URL empty to send nothing.', 'car-export' ) . '</p>';
		PurgeStatus::render();
	}

	public function render_phone(): void {
		$this->render_input( 'phone', 'tel', __( 'Digits and spaces, optionally starting with +.', 'car-export' ) );
	}

	public function render_whatsapp(): void {
		$this->render_input( 'whatsapp', 'tel', __( 'International format with country code, for example +86 138 0000 0000.', 'car-export' ) );
	}

	public function render_email(): void {
		// Text, not type="email": the browser would refuse a list of addresses.
		$this->render_input( 'email', 'text', __( 'New contact messages and inquiries are mailed here. Several addresses may be given, separated by commas; the first one is shown on the contact page. Empty: the site\'s administration e-mail address gets them.', 'car-export' ) );
	}

	public function render_company_name(): void {
		$this->render_input( 'company_name', 'text', __( 'The business name shown to buyers, for example "Shanghai Auto Export Co., Ltd."', 'car-export' ) );
	}

	public function render_address(): void {
		$this->render_textarea( 'address', SiteSettings::ADDRESS_MAX_LENGTH, '' );
	}

	public function render_opening_hours(): void {
		$this->render_textarea( 'opening_hours', SiteSettings::HOURS_MAX_LENGTH, __( 'One line per day or group of days, for example "Mon–Fri 9:00–18:00 (China time)".', 'car-export' ) );
	}

	private function render_textarea( string $key, int $max, string $example ): void {
		/* translators: %d: maximum length */
		$help = trim( sprintf( __( 'Up to %d characters; line breaks are kept.', 'car-export' ), $max ) . ' ' . $example );
		printf(
			'<textarea id="%1$s" name="%2$s" rows="4" class="large-text" maxlength="%3$d">%4$s</textarea><p class="description">%5$s</p>',
			esc_attr( $this->field_id( $key ) ),
			esc_attr( $this->field_name( $key ) ),
			(int) $max,
			esc_textarea( $this->shown( $key ) ),
			esc_html( $help )
		);
	}

	public function render_wechat_qr(): void {
		$id      = SiteSettings::get()['wechat_qr_id'];
		$preview = $id > 0 ? wp_get_attachment_image_url( $id, 'medium' ) : false;
		$preview = is_string( $preview ) ? $preview : '';
		$value   = $id > 0 ? (string) $id : '';
		printf(
			'<input type="hidden" id="%1$s" name="%2$s" value="%3$s" />'
			. '<div class="car-export-qr-preview"><img src="%4$s" alt="%5$s"%6$s /></div>'
			. '<button type="button" class="button car-export-qr-choose" data-title="%11$s" data-button="%12$s">%7$s</button> '
			. '<button type="button" class="button-link button-link-delete car-export-qr-remove"%8$s>%9$s</button>'
			. '<p class="description">%10$s</p>',
			esc_attr( $this->field_id( 'wechat_qr_id' ) ),
			esc_attr( $this->field_name( 'wechat_qr_id' ) ),
			esc_attr( $value ),
			esc_url( $preview ),
			esc_attr__( 'WeChat QR code', 'car-export' ),
			esc_attr( '' === $preview ? ' hidden' : '' ),
			esc_html__( 'Choose image', 'car-export' ),
			esc_attr( '' === $value ? ' hidden' : '' ),
			esc_html__( 'Remove', 'car-export' ),
			esc_html__( 'Shown in a pop-up when a visitor clicks WeChat on the contact page.', 'car-export' ),
			esc_attr__( 'Choose the WeChat QR code', 'car-export' ),
			esc_attr__( 'Use this image', 'car-export' )
		);
	}

	public function render_purge_url(): void {
		if ( SiteSettings::purge_url_from_config() ) {
			printf(
				'<input type="url" id="%1$s" class="regular-text code" value="%2$s" readonly disabled /><p class="description">%3$s</p>',
				esc_attr( $this->field_id( 'purge_url' ) ),
				esc_attr( $this->shown( 'purge_url' ) ),
				esc_html__( 'Set by CAR_EXPORT_PURGE_URL in wp-config.php; change it there.', 'car-export' )
			);
			return;
		}
		$this->render_input( 'purge_url', 'url', __( 'For example https://www.example.com/api/purge. Must start with http:// or https://.', 'car-export' ) );
	}

	public function render_purge_secret(): void {
		if ( SiteSettings::purge_secret_from_config() ) {
			// The value itself is never printed: it belongs to wp-config.php, not to the page source.
			printf(
				'<input type="password" id="%1$s" class="regular-text" value="%2$s" readonly disabled /><p class="description">%3$s</p>',
				esc_attr( $this->field_id( 'purge_secret' ) ),
				esc_attr( '' === SiteSettings::get()['purge_secret'] ? '' : '****************' ),
				esc_html__( 'Set by CAR_EXPORT_PURGE_SECRET in wp-config.php; change it there.', 'car-export' )
			);
			return;
		}
		printf(
			'<input type="password" id="%1$s" name="%2$s" value="%3$s" class="regular-text code" autocomplete="new-password" spellcheck="false" /> '
			. '<button type="button" class="button car-export-secret-generate">%4$s</button> '
			. '<button type="button" class="button car-export-secret-toggle" aria-pressed="false" data-show="%5$s" data-hide="%7$s">%5$s</button>'
			. '<p class="description">%6$s</p>',
			esc_attr( $this->field_id( 'purge_secret' ) ),
			esc_attr( $this->field_name( 'purge_secret' ) ),
			esc_attr( SiteSettings::get()['purge_secret'] ),
			esc_html__( 'Generate', 'car-export' ),
			esc_html__( 'Show', 'car-export' ),
			esc_html(
				sprintf(
					/* translators: %d: minimum length */
					__( 'Sent as the X-Purge-Secret header; the website must be configured with the same value. At least %d characters without spaces: click Generate, or run "openssl rand -hex 32".', 'car-export' ),
					SiteSettings::SECRET_MIN_LENGTH
				)
			),
			esc_attr__( 'Hide', 'car-export' )
		);
	}

	/**
	 * @param callable $render
	 */
	private function add_field( string $key, string $label, string $section, $render ): void {
		add_settings_field( 'car_export_' . $key, $label, $render, self::SLUG, $section, array( 'label_for' => $this->field_id( $key ) ) );
	}

	private function render_input( string $key, string $type, string $help ): void {
		printf(
			'<input type="%1$s" id="%2$s" name="%3$s" value="%4$s" class="regular-text" />',
			esc_attr( $type ),
			esc_attr( $this->field_id( $key ) ),
			esc_attr( $this->field_name( $key ) ),
			esc_attr( $this->shown( $key ) )
		);
		if ( '' !== $help ) {
			echo '<p class="description">' . esc_html( $help ) . '</p>';
		}
	}

	private function field_id( string $key ): string {
		return 'car-export-' . str_replace( '_', '-', $key );
	}

	private function field_name( string $key ): string {
		return SiteSettings::OPTION . '[' . $key . ']';
	}
}
