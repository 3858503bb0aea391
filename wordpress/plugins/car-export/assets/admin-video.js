/**
 * The Video box of the video edit screen: picks a video from the media library, shows its file
 * name, fills in the duration when WordPress knows it and the field is empty, and clears the
 * choice. Texts come from data attributes of the box's buttons (translated in PHP).
 */
( function ( $ ) {
	var name = $( '.car-export-video-file-name' );
	var remove = $( '.car-export-video-remove' );
	var duration = $( '#car-export-video-duration' );

	window.carExportMediaPicker( $, {
		type: 'video',
		choose: $( '.car-export-video-choose' ),
		remove: remove,
		input: $( '#car-export-video-file' ),
		onPick: function ( picked ) {
			name.empty().append( $( '<code>' ).text( picked.filename || picked.url ) );
			if ( ! duration.val() && picked.fileLength ) {
				duration.val( picked.fileLength );
			}
		},
		onClear: function () {
			name.text( remove.data( 'none' ) );
		},
	} );
}( jQuery ) );
