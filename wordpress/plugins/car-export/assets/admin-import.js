/**
 * Cars → Import / export: after the dry run, "Import" sends the uploaded file's rows to WordPress
 * in batches (POST import/batch with the row offset), shows progress after each one and, at the
 * end, the totals and every row that was skipped with its row number (as a spreadsheet shows it).
 */
( function () {
	'use strict';

	var config = window.carExportImport;
	var root = document.querySelector( '.car-import-run' );
	if ( ! config || ! root ) {
		return;
	}
	var button = root.querySelector( '.car-import-start' );
	var progress = root.querySelector( '.car-import-progress' );
	var count = root.querySelector( '.car-import-count' );
	var result = root.querySelector( '.car-import-result' );
	var next = root.querySelector( '.car-import-next' );
	var total = parseInt( root.getAttribute( 'data-total' ), 10 );
	var totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
	var problems = [];

	function format( text, values ) {
		return text.replace( /%(\d)\$d/g, function ( match, index ) {
			return String( values[ parseInt( index, 10 ) - 1 ] );
		} );
	}

	function show( done ) {
		progress.value = done;
		count.textContent = format( config.texts.progress, [ done, total ] );
	}

	function finish() {
		var summary = document.createElement( 'p' );
		summary.className = 'car-import-done';
		summary.textContent = format( config.texts.done, [ totals.created, totals.updated, totals.unchanged, totals.failed ] );
		result.appendChild( summary );
		if ( problems.length > 0 ) {
			var list = document.createElement( 'ul' );
			problems.forEach( function ( problem ) {
				var item = document.createElement( 'li' );
				item.textContent = config.texts.row + ' ' + problem.row + ' (' + ( problem.stockNumber || '-' ) + '): ' + problem.errors.join( ' ' );
				list.appendChild( item );
			} );
			result.appendChild( list );
		}
		next.hidden = false;
	}

	function fail( message ) {
		var error = document.createElement( 'p' );
		error.className = 'car-import-error';
		error.textContent = config.texts.failed + message;
		result.appendChild( error );
		button.disabled = false;
	}

	function batch( offset ) {
		window.fetch( config.url, {
			method: 'POST',
			credentials: 'same-origin',
			headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': config.nonce },
			body: JSON.stringify( { token: root.getAttribute( 'data-token' ), offset: offset } ),
		} ).then( function ( response ) {
			return response.json().then( function ( body ) {
				if ( ! response.ok ) {
					throw new Error( body && body.message ? body.message : String( response.status ) );
				}
				return body;
			} );
		} ).then( function ( body ) {
			Object.keys( totals ).forEach( function ( key ) {
				totals[ key ] += body.report[ key ];
			} );
			problems = problems.concat( body.report.problems );
			show( body.next );
			if ( body.done ) {
				finish();
			} else {
				batch( body.next );
			}
		} ).catch( function ( error ) {
			fail( error.message );
		} );
	}

	button.addEventListener( 'click', function () {
		button.disabled = true;
		show( 0 );
		batch( 0 );
	} );
}() );
