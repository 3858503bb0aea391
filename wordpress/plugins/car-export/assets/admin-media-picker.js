/**
 * One media-library picker for the plugin's wp-admin forms: a Choose button opens the library
 * (limited to one kind of file) titled from the button's data-title and data-button, the picked
 * attachment's id goes into a hidden input and Remove clears it. What a form shows of the pick
 * (a file name, a preview) is its own, passed as onPick and onClear.
 */
window.carExportMediaPicker = function ( $, options ) {
	var frame;

	options.choose.on( 'click', function ( event ) {
		event.preventDefault();
		if ( ! frame ) {
			frame = wp.media( {
				title: options.choose.data( 'title' ),
				button: { text: options.choose.data( 'button' ) },
				library: { type: options.type },
				multiple: false,
			} );
			frame.on( 'select', function () {
				var picked = frame.state().get( 'selection' ).first().toJSON();
				options.input.val( picked.id );
				options.remove.prop( 'hidden', false );
				options.onPick( picked );
			} );
		}
		frame.open();
	} );

	options.remove.on( 'click', function ( event ) {
		event.preventDefault();
		options.input.val( '' );
		options.remove.prop( 'hidden', true );
		options.onClear();
	} );
};
