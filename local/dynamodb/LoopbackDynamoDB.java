import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Starts DynamoDB Local listening on one address only. Its own launcher builds a Jetty
 * server from the port alone, which listens on every interface of the machine; this
 * builds the same server from the same arguments and binds its connector to the address
 * given first, before starting it. Run as `java -cp DynamoDBLocal.jar LoopbackDynamoDB.java
 * <address> <DynamoDB Local arguments...>` (or compiled, with the class on the class path).
 *
 * It also lives no longer than whoever started it: it exits when its standard input ends,
 * which happens when the parent process is gone, however it ended (even killed outright).
 *
 * Run as `LoopbackDynamoDB --write-ahead-log <database file>` instead, it only puts that file in
 * SQLite's write-ahead-log mode and exits (see below).
 */
public class LoopbackDynamoDB {
  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("--write-ahead-log")) {
      System.exit(useWriteAheadLog(new File(args[1])) ? 0 : 1);
    }
    Thread watchdog = new Thread(LoopbackDynamoDB::exitWhenInputEnds, "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    String address = args[0];
    String[] serverArgs = Arrays.copyOfRange(args, 1, args.length);
    Class<?> runner = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class)
        .invoke(null, (Object) serverArgs);
    Field serverField = proxy.getClass().getDeclaredField("server");
    serverField.setAccessible(true);
    Object jetty = serverField.get(proxy);
    Object[] connectors = (Object[]) jetty.getClass().getMethod("getConnectors").invoke(jetty);
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Object connector : connectors) {
      Method setHost = connector.getClass().getMethod("setHost", String.class);
      setHost.invoke(connector, address);
    }
    proxy.getClass().getMethod("start").invoke(proxy);
    System.out.println("DynamoDB Local listening on " + address);
    proxy.getClass().getMethod("join").invoke(proxy);
  }

  /**
   * Puts a database file in SQLite's write-ahead-log mode (creating it if need be), with the
   * SQLite library DynamoDB Local ships. DynamoDB Local keeps SQLite's default rollback journal,
   * which creates, syncs and deletes a journal file and syncs the database on every write, and
   * it runs one write at a time: a burst of sends queued behind the disk. With the log a write is
   * one append and one sync; the mode is kept in the file. Done in a process of its own before
   * the server starts: the server loads its own copy of the native library, and two copies in
   * one process crash it.
   */
  private static boolean useWriteAheadLog(File database) {
    try {
      // The SQLite library DynamoDB Local itself uses, on its class and library paths.
      Class<?> connectionClass = Class.forName("com.almworks.sqlite4java.SQLiteConnection");
      Object connection = connectionClass.getConstructor(File.class).newInstance(database);
      try {
        connectionClass.getMethod("open", boolean.class).invoke(connection, true);
        connectionClass.getMethod("exec", String.class).invoke(connection, "PRAGMA journal_mode=WAL");
      } finally {
        connectionClass.getMethod("dispose").invoke(connection);
      }
      return true;
    } catch (ReflectiveOperationException | LinkageError error) {
      System.err.println("DynamoDB Local keeps its rollback journal: " + error);
      return false;
    }
  }

  private static void exitWhenInputEnds() {
    try {
      while (System.in.read() != -1) {
        // Nothing is sent; reading only waits for the end.
      }
    } catch (IOException ignored) {
      // A broken pipe means the same: the parent is gone.
    }
    System.exit(0);
  }
}
