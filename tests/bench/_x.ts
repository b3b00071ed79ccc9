import { openDatabase } from '../../demo/server/db/index';
const db = openDatabase('/tmp/xdata');
console.log(db.prepare('select blog_name,count(*) n from posts group by blog_name order by n desc limit 12').all());
console.log(db.prepare('select count(*) n from posts').get());
console.log(db.prepare('select type,count(*) n from posts group by type').all());
console.log(db.prepare("select * from posts where type='photo' limit 1").get());
console.log(db.prepare('select * from blogs limit 1').all());
console.log(db.prepare("select tags from posts where tags != '[]' limit 5").all());
