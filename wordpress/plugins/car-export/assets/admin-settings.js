/**
 * Settings → Car Export: the WeChat QR picker (images from the media library, with a preview
 * and a Remove link) and the purge secret's Generate and Show/Hide buttons. Texts come from data
 * attributes of the buttons (translated in PHP).
 */
( function ( $ ) {
	var image = $( '.car-export-qr-preview img' );
	var toggle = $( '.car-export-secret-toggle' );

	window.carExportMediaPicker( $, {
		type: 'image',
		choose: $( '.car-export-qr-choose' ),
		remove: $( '.car-export-qr-remove' ),
		input: $( '#car-export-wechat-qr-id' ),
		onPick: function ( picked ) {
			var size = picked.sizes && picked.sizes.medium ? picked.sizes.medium : picked;
			image.attr( 'src', size.url ).prop( 'hidden', false );
		},
		onClear: function () {
			image.attr( 'src', '' ).prop( 'hidden', true );
		},
	} );

	$( '.car-export-secret-generate' ).on( 'click', function () {
		var bytes = new Uint8Array( 32 );
		window.crypto.getRandomValues( bytes );
		$( '#car-export-purge-secret' ).val( Array.prototype.map.call( bytes, function ( byte ) {
			return ( '0' + byte.toString( 16 ) ).slice( -2 );
		} ).join( '' ) ).attr( 'type', 'text' );
		toggle.text( toggle.data( 'hide' ) ).attr( 'aria-pressed', 'true' );
	} );

	toggle.on( 'click', function () {
		var field = $( '#car-export-purge-secret' );
		var shown = 'text' === field.attr( 'type' );
		field.attr( 'type', shown ? 'password' : 'text' );
		toggle.text( shown ? toggle.data( 'show' ) : toggle.data( 'hide' ) ).attr( 'aria-pressed', shown ? 'false' : 'true' );
	} );
}( jQuery ) );
