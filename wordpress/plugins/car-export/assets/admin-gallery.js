/**
 * Car gallery picker on the car edit screen: adds images from the media library, removes and
 * reorders them (drag, or the arrow buttons for keyboard users), and keeps the hidden input,
 * which is what the form submits, in step with the thumbnails.
 */
( function ( $ ) {
	'use strict';

	function GalleryField( root ) {
		this.$root = $( root );
		this.$list = this.$root.find( '.car-gallery-list' );
		this.$input = this.$root.find( '.car-gallery-ids' );
		this.$empty = this.$root.find( '.car-gallery-empty' );
		this.template = this.$root.find( '.car-gallery-template' ).get( 0 );
		this.frame = null;
		this.bind();
	}

	GalleryField.prototype.bind = function () {
		var self = this;

		this.$list.sortable( {
			items: '> .car-gallery-item',
			cursor: 'move',
			tolerance: 'pointer',
			placeholder: 'car-gallery-placeholder',
			update: function () {
				self.sync();
			},
		} );

		this.$root.on( 'click', '.car-gallery-add', function ( event ) {
			event.preventDefault();
			self.openFrame();
		} );

		this.$list.on( 'click', '.car-gallery-remove', function ( event ) {
			event.preventDefault();
			var $item = $( this ).closest( '.car-gallery-item' );
			var $next = $item.next().length ? $item.next() : $item.prev();
			$item.remove();
			self.sync();
			// Keep keyboard focus inside the gallery instead of dropping it on the page.
			( $next.length ? $next.find( '.car-gallery-remove' ) : self.$root.find( '.car-gallery-add' ) ).trigger( 'focus' );
		} );

		this.$list.on( 'click', '.car-gallery-move', function ( event ) {
			event.preventDefault();
			var $button = $( this );
			var $item = $button.closest( '.car-gallery-item' );
			if ( Number( $button.data( 'direction' ) ) < 0 ) {
				$item.prev().before( $item );
			} else {
				$item.next().after( $item );
			}
			self.sync();
			$button.trigger( 'focus' );
		} );
	};

	GalleryField.prototype.ids = function () {
		return this.$list
			.children( '.car-gallery-item' )
			.map( function () {
				return String( $( this ).data( 'id' ) );
			} )
			.get();
	};

	GalleryField.prototype.sync = function () {
		var ids = this.ids();
		this.$input.val( ids.join( ',' ) );
		this.$empty.prop( 'hidden', ids.length > 0 );
	};

	GalleryField.prototype.openFrame = function () {
		var self = this;
		if ( ! this.frame ) {
			this.frame = wp.media( {
				title: this.$root.data( 'frameTitle' ),
				button: { text: this.$root.data( 'frameButton' ) },
				library: { type: 'image' },
				multiple: 'add',
			} );
			this.frame.on( 'select', function () {
				self.addSelection( self.frame.state().get( 'selection' ) );
			} );
		}
		this.frame.open();
	};

	GalleryField.prototype.addSelection = function ( selection ) {
		var self = this;
		var present = this.ids();
		selection.each( function ( attachment ) {
			var data = attachment.toJSON();
			if ( 'image' !== data.type || present.indexOf( String( data.id ) ) !== -1 ) {
				return;
			}
			present.push( String( data.id ) );
			self.$list.append( self.item( data ) );
		} );
		this.sync();
	};

	GalleryField.prototype.item = function ( data ) {
		var sizes = data.sizes || {};
		var preview = sizes.thumbnail || sizes[ 'car-thumb' ] || sizes.medium || { url: data.url };
		var $item = $( document.importNode( this.template.content, true ) ).children( '.car-gallery-item' );
		$item.attr( 'data-id', data.id ).data( 'id', data.id );
		$item.find( 'img' ).attr( 'src', preview.url );
		return $item;
	};

	$( function () {
		$( '.car-gallery-field' ).each( function () {
			new GalleryField( this );
		} );
	} );
} )( jQuery );
