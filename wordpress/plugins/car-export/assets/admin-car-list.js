/**
 * Quick edit on the Cars list: when a row's quick edit opens, its car fields (price, featured, and
 * any other field of the box) are filled from the values the row carries (.car-quick-values).
 */
( function ( $ ) {
	'use strict';

	if ( typeof window.inlineEditPost === 'undefined' ) {
		return;
	}
	var coreEdit = window.inlineEditPost.edit;

	window.inlineEditPost.edit = function ( id ) {
		coreEdit.apply( this, arguments );
		var postId = typeof id === 'object' ? parseInt( this.getId( id ), 10 ) : parseInt( id, 10 );
		if ( ! postId ) {
			return;
		}
		var values = $( '#post-' + postId ).find( '.car-quick-values' );
		var editor = $( '#edit-' + postId );
		editor.find( '.car-quick-edit [data-field]' ).each( function () {
			var control = $( this );
			var value = values.attr( 'data-' + control.attr( 'data-field' ) ) || '';
			if ( control.is( 'select' ) && control.find( 'option[value="1"]' ).length && value === '' ) {
				value = '0';
			}
			control.val( value );
		} );
	};
}( jQuery ) );
