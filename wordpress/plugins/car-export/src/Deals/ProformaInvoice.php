<?php
declare(strict_types=1);

namespace CarExport\Deals;

use CarExport\Cars\CarFields;
use Dompdf\Dompdf;
use Dompdf\Options;

/**
 * The proforma invoice of an accepted deal, drawn by Dompdf from escaped HTML: what the buyer pays,
 * to whom and by when. It is made from the deal as it is now, so a confirmed payment shows on the
 * next download; the number and date are the ones issued when the deal was accepted.
 *
 * @phpstan-import-type Deal from DealStore
 */
final class ProformaInvoice {

	/**
	 * @param Deal $deal
	 */
	public static function html( array $deal ): string {
		$settings = DealSettings::get();
		$buyer    = get_userdata( $deal['buyer_id'] );
		$car      = DealView::car( $deal['car_id'] );
		$year     = (string) get_post_meta( $deal['car_id'], CarFields::meta_key( 'year' ), true );
		$date     = (int) ( $deal['proforma_date'] ?? time() );
		$rows     = '';
		foreach ( $deal['lines'] as $line ) {
			$rows .= '<tr><td>' . esc_html( $line['label'] ) . '</td><td class="n">' . esc_html( DealStateMachine::usd( $line['amount'] ) ) . '</td></tr>';
		}
		// What is left once the deposit is in: paid before the originals leave.
		$balance = max( 0, $deal['total'] - max( $deal['paid'], $deal['deposit'] ) );
		$deposit = max( 0, $deal['deposit'] - $deal['paid'] );
		$hold    = null === $deal['hold_until'] ? '' : wp_date( 'j F Y', $deal['hold_until'] );
		$e       = static fn ( string $text ): string => nl2br( esc_html( $text ) );
		$consign = $buyer instanceof \WP_User ? $buyer->display_name . "\n" . $buyer->user_email : '';
		$route   = $deal['port_name'] . ( '' === $deal['country'] ? '' : ', ' . $deal['country'] );
		return '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
			. 'body{font-family:DejaVu Sans,sans-serif;font-size:10pt;color:#111}h1{font-size:16pt;margin:0 0 8pt}'
			. 'table{width:100%;border-collapse:collapse;margin:6pt 0}td,th{padding:4pt;border-bottom:1px solid #ccc;text-align:left;vertical-align:top}'
			. '.n{text-align:right}.box td{border:0;width:50%}.small{font-size:8.5pt;color:#444}'
			. '</style></head><body>'
			. '<h1>' . esc_html__( 'Proforma invoice', 'car-export' ) . '</h1>'
			. '<table class="box"><tr><td><strong>' . esc_html__( 'Number', 'car-export' ) . ':</strong> ' . esc_html( (string) $deal['proforma_number'] )
			. '<br><strong>' . esc_html__( 'Date', 'car-export' ) . ':</strong> ' . esc_html( wp_date( 'j F Y', $date ) )
			. '<br><strong>' . esc_html__( 'Deal', 'car-export' ) . ':</strong> ' . esc_html( $deal['number'] ) . '</td>'
			. '<td><strong>' . esc_html__( 'Seller', 'car-export' ) . '</strong><br>' . $e( $settings['seller_name'] . "\n" . $settings['seller_address'] ) . '</td></tr>'
			. '<tr><td><strong>' . esc_html__( 'Consignee', 'car-export' ) . '</strong><br>' . $e( $consign ) . '</td>'
			. '<td><strong>' . esc_html__( 'Vehicle', 'car-export' ) . '</strong><br>' . esc_html( $car['title'] ) . ( '' === $year ? '' : ' (' . esc_html( $year ) . ')' )
			. '<br>' . esc_html__( 'Stock number', 'car-export' ) . ': ' . esc_html( '' === $car['stockNumber'] ? '—' : $car['stockNumber'] ) . '</td></tr>'
			. '<tr><td><strong>' . esc_html__( 'Port of loading', 'car-export' ) . ':</strong> ' . esc_html( '' === $settings['loading_port'] ? __( 'As booked', 'car-export' ) : $settings['loading_port'] )
			. '<br><strong>' . esc_html__( 'Port of discharge', 'car-export' ) . ':</strong> ' . esc_html( '' === trim( $route, ', ' ) ? '—' : $route ) . '</td>'
			. '<td><strong>' . esc_html__( 'Trade term', 'car-export' ) . ':</strong> ' . esc_html( $deal['trade_term'] )
			. '<br><strong>' . esc_html__( 'Shipping', 'car-export' ) . ':</strong> ' . esc_html( 'container' === $deal['shipping_method'] ? 'Container' : 'RoRo' ) . '</td></tr></table>'
			. '<table><tr><th>' . esc_html__( 'Description', 'car-export' ) . '</th><th class="n">' . esc_html__( 'Amount (USD)', 'car-export' ) . '</th></tr>' . $rows
			. '<tr><th>' . esc_html__( 'Total', 'car-export' ) . '</th><th class="n">' . esc_html( DealStateMachine::usd( $deal['total'] ) ) . '</th></tr>'
			. '<tr><td>' . esc_html__( 'Paid so far', 'car-export' ) . '</td><td class="n">' . esc_html( DealStateMachine::usd( $deal['paid'] ) ) . '</td></tr>'
			. '<tr><td>' . esc_html__( 'Deposit due', 'car-export' ) . ( '' === $hold ? '' : ' ' . esc_html( sprintf( /* translators: %s: date */ __( 'by %s', 'car-export' ), $hold ) ) ) . '</td><td class="n">' . esc_html( DealStateMachine::usd( $deposit ) ) . '</td></tr>'
			. '<tr><td>' . esc_html__( 'Balance, due before the original documents are sent', 'car-export' ) . '</td><td class="n">' . esc_html( DealStateMachine::usd( $balance ) ) . '</td></tr></table>'
			. '<p><strong>' . esc_html__( 'Bank details', 'car-export' ) . '</strong><br>' . $e( '' === $settings['bank_details'] ? __( 'Ask us for the bank details.', 'car-export' ) : $settings['bank_details'] ) . '</p>'
			. '<p><strong>' . esc_html__( 'Payment reference', 'car-export' ) . ':</strong> ' . esc_html( (string) $deal['proforma_number'] ) . ' / ' . esc_html( $deal['number'] ) . '</p>'
			. '<p class="small">' . esc_html(
				'' === $hold
					? __( 'This proforma invoice is not a tax invoice.', 'car-export' )
					/* translators: %s: date the reservation ends. */
					: sprintf( __( 'The vehicle is reserved until %s. Without the deposit by then the reservation ends and this proforma invoice is void. This proforma invoice is not a tax invoice.', 'car-export' ), $hold )
			) . '</p>'
			. '</body></html>';
	}

	/**
	 * @param Deal $deal
	 */
	public static function pdf( array $deal ): string {
		$options = new Options();
		// Nothing outside the invoice's own HTML is read: no remote images, no local files, no PHP.
		$options->setIsRemoteEnabled( false );
		$options->setIsPhpEnabled( false );
		$options->setChroot( array( dirname( __DIR__, 2 ) . '/vendor/dompdf/dompdf' ) );
		$options->setDefaultFont( 'DejaVu Sans' );
		$options->setTempDir( get_temp_dir() );
		$options->setFontCache( get_temp_dir() );
		$dompdf = new Dompdf( $options );
		$dompdf->loadHtml( self::html( $deal ), 'UTF-8' );
		$dompdf->setPaper( 'A4' );
		$dompdf->render();
		return (string) $dompdf->output();
	}

	/**
	 * Sends the PDF as a download and ends the request.
	 *
	 * @param Deal $deal
	 */
	public static function send( array $deal ): never {
		$pdf = self::pdf( $deal );
		nocache_headers();
		header( 'Content-Type: application/pdf' );
		header( 'Content-Length: ' . (string) strlen( $pdf ) );
		header( 'Content-Disposition: attachment; filename="' . (string) $deal['proforma_number'] . '.pdf"' );
		header( 'X-Content-Type-Options: nosniff' );
		echo $pdf; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a PDF, not HTML.
		exit;
	}
}
