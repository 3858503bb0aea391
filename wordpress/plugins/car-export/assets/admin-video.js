/**
 * The Video box of the video edit screen: picks a video from the media library (videos only),
 * shows its file name, fills in the duration when WordPress knows it and the field is empty, and
 * clears the choice. Texts come from data attributes of the box's buttons (translated in PHP).
 */
( function ( $ ) {
	var frame;
	var input = $( '#car-export-video-file' );
	var name = $( '.car-export-video-file-name' );
	var choose = $( '.car-export-video-choose' );
	var remove = $( '.car-export-video-remove' );
	var duration = $( '#car-export-video-duration' );

	choose.on( 'click', function ( event ) {
		event.preventDefault();
		if ( ! frame ) {
			frame = wp.media( {
				title: choose.data( 'title' ),
				button: { text: choose.data( 'button' ) },
				library: { type: 'video' },
				multiple: false,
			} );
			frame.on( 'select', function () {
				var picked = frame.state().get( 'selection' ).first().toJSON();
				input.val( picked.id );
				name.empty().append( $( '<code>' ).text( picked.filename || picked.url ) );
				remove.prop( 'hidden', false );
				if ( ! duration.val() && picked.fileLength ) {
					duration.val( picked.fileLength );
				}
			} );
		}
		frame.open();
	} );

	remove.on( 'click', function ( event ) {
		event.preventDefault();
		input.val( '' );
		name.text( remove.data( 'none' ) );
		remove.prop( 'hidden', true );
	} );
}( jQuery ) );
