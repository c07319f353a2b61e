<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="hex-terrain-classes" tilewidth="32" tileheight="28" tilecount="5" columns="5">
 <image source="hex-terrain-classes.png" width="160" height="28"/>
 <tile id="0" class="grass"/>
 <tile id="1" class="woods"/>
 <tile id="2" class="hill"/>
 <tile id="3" class="water"/>
 <tile id="4" class="swamp"/>
</tileset>
